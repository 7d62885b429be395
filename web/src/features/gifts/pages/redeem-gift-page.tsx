import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast';
import { couponsApi } from '@common/api/coupons';
import type { Language } from '@common/constants';
import { languageOfPath } from '@common/languages';
import { useAuth } from '../../../app/auth';
import { Button } from '../../../components/button';
import { Loader } from '../../../components/loader';
import { Screen } from '../../../components/screen';
import { TextField } from '../../../components/text-field';
import { call } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { useUserSessions } from '../../../lib/user-sessions';
import { pendingGiftCode } from '../../../lib/pending-gift-code';
import { useGiftPlans } from '../api/gift-calls';
import styles from '../gifts.module.css';

/**
 * /{lang}/redeem-gift?code=PLUME-XXXX-XXXX (our own route, docs/payments.md): where the recipient's
 * e-mail link opens, with the code ready. A visitor signs in or signs up first (the code waits in
 * this browser); a signed-in user picks the book to unlock and the code is applied through
 * checkCouponForPayment — it works once. Without a book yet, the code is kept and the plan modal's
 * coupon box is filled with it.
 */
export function RedeemGiftPage() {
  const { t } = useTranslation('gifts');
  const location = useLocation();
  const lng = languageOfPath(location.pathname);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { isLoggedIn } = useAuth();
  const [code, setCode] = useState(() => params.get('code') ?? pendingGiftCode.read() ?? '');

  useEffect(() => {
    const fromLink = params.get('code');
    if (fromLink) pendingGiftCode.write(fromLink.trim());
  }, [params]);

  const back = { from: `${location.pathname}?code=${encodeURIComponent(code.trim())}` };

  return (
    <Screen title={t('redeem.title')} width="narrow" lead={t('redeem.lead')}>
      <form
        className={styles.form}
        noValidate
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
        }}
      >
        <TextField
          label={t('redeem.code')}
          hint={t('redeem.code_hint')}
          value={code}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={200}
          onChange={(e) => setCode(e.target.value)}
        />
        {isLoggedIn ? (
          <BookChoice code={code} lng={lng} />
        ) : (
          <>
            <p className={styles.note}>{t('redeem.sign_in_first')}</p>
            <div className={styles.actions}>
              <Button onClick={() => navigate(paths.login(lng), { state: back })}>{t('redeem.log_in')}</Button>
              <Button variant="secondary" onClick={() => navigate(paths.register(lng), { state: back })}>
                {t('redeem.sign_up')}
              </Button>
            </div>
          </>
        )}
      </form>
    </Screen>
  );
}

/** A signed-in user's unpaid books to choose from, and the button that applies the code. */
function BookChoice({ code, lng }: { code: string; lng: Language }) {
  const { t } = useTranslation('gifts');
  const navigate = useNavigate();
  const [bookId, setBookId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const books = useUserSessions();
  const plans = useGiftPlans(lng);
  if (books.isPending || plans.isPending) return <Loader />;
  const waiting = (books.data ?? []).filter((b) => !b.is_payed);
  if (waiting.length === 0)
    return (
      <>
        <p className={styles.note}>{t('redeem.no_book')}</p>
        <div className={styles.actions}>
          <Link to={paths.generalCategories(lng)}>{t('redeem.start_book')}</Link>
        </div>
      </>
    );
  const chosen = bookId ?? waiting[0].id;
  const redeem = async () => {
    // The server ignores the plan of a gift code (the code carries its own); the call needs one.
    const planId = plans.data?.[0]?.id;
    if (!planId || code.trim() === '') return;
    setBusy(true);
    try {
      const result = await call(couponsApi.checkCouponForPayment, {
        body: { plan_id: planId, service_session_id: chosen, code: code.trim() },
      });
      if (result.is_payed) {
        pendingGiftCode.write(null);
        toast.success(t('redeem.coupon_successful'));
        navigate(paths.questions(lng, chosen));
      }
    } catch {
      // the API client shows the server's message (unknown, expired or already used)
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <fieldset className={styles.books}>
        <legend>{t('redeem.which_book')}</legend>
        {waiting.map((book) => (
          <label key={book.id} className={styles.book}>
            <input type="radio" name="book" checked={chosen === book.id} onChange={() => setBookId(book.id)} />
            <span>{book.book_name || t('redeem.untitled')}</span>
          </label>
        ))}
      </fieldset>
      <div className={styles.actions}>
        <Button onClick={() => void redeem()} busy={busy} disabled={code.trim() === ''}>
          {t('redeem.unlock')}
        </Button>
      </div>
    </>
  );
}
