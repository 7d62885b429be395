import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { paymentsApi } from '@common/api/payments';
import { cardBrand, digitsOnly, formatCardNumber, formatExpiry, SANDBOX_TEST_CARDS } from '@common/rules/cards';
import { formatPrice } from '@common/rules/prices';
import { Button } from '../button';
import { CardBrands } from '../card-brands';
import { Modal } from '../modal';
import { TextField } from '../text-field';
import { ApiError, call } from '../../lib/api';
import { readAnswer, type ClientAnswer } from './kr-answer';
import styles from './card-form.module.css';

const group = (number: string) => formatCardNumber(number);

/**
 * Our own card form for the sandbox provider (docs/payments.md): number with brand detection and
 * formatting, expiry, CVC, the card-network icons, the secure-payment notice, a 'test mode' banner
 * listing the test cards, and the 3-D Secure dialog. It answers what Lyra's form answers.
 */
export function CardForm({ formToken, amount, onAnswer }: { formToken: string; amount: number; onAnswer: (answer: ClientAnswer) => void }) {
  const { t, i18n } = useTranslation('payments');
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState(false);
  const brand = cardBrand(number);

  const pay = async (threeDs?: 'approve' | 'refuse') => {
    setBusy(true);
    setError(null);
    try {
      const result = await call(
        paymentsApi.sandboxPay,
        { body: { formToken, card_number: digitsOnly(number), expiry, cvc, ...(threeDs && { three_ds: threeDs }) } },
        { quiet: true },
      );
      if ('challenge' in result) {
        setChallenge(true);
        return;
      }
      setChallenge(false);
      onAnswer(readAnswer(result));
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : t('card.error'));
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void pay();
  };

  return (
    <div className={styles.card}>
      <div className={styles.banner} role="note">
        <strong>{t('card.test_mode')}</strong>
        <ul>
          <li>
            <code>{group(SANDBOX_TEST_CARDS.accepted)}</code> {t('card.test_accepted')}
          </li>
          <li>
            <code>{group(SANDBOX_TEST_CARDS.declined)}</code> {t('card.test_declined')}
          </li>
          <li>
            <code>{group(SANDBOX_TEST_CARDS.challenge)}</code> {t('card.test_challenge')}
          </li>
          <li>{t('card.test_expired')}</li>
        </ul>
      </div>
      <form className={styles.form} onSubmit={submit} noValidate>
        <TextField
          label={t('card.number')}
          inputMode="numeric"
          autoComplete="cc-number"
          value={number}
          onChange={(e) => setNumber(formatCardNumber(e.target.value))}
          hint={brand === 'unknown' ? undefined : t(`card.brand_${brand}`)}
          required
        />
        <div className={styles.row}>
          <TextField
            label={t('card.expiry')}
            placeholder={t('card.expiry_placeholder')}
            inputMode="numeric"
            autoComplete="cc-exp"
            value={expiry}
            onChange={(e) => setExpiry(formatExpiry(e.target.value))}
            required
          />
          <TextField
            label={t('card.cvc')}
            inputMode="numeric"
            autoComplete="cc-csc"
            value={cvc}
            maxLength={4}
            onChange={(e) => setCvc(digitsOnly(e.target.value))}
            required
          />
        </div>
        {error ? (
          <p className={styles.error} role="alert">
            {error}
          </p>
        ) : null}
        <Button type="submit" busy={busy} disabled={digitsOnly(number).length < 12 || expiry.length !== 5 || cvc.length < 3}>
          {t('card.pay', { price: formatPrice(amount, i18n.language) })}
        </Button>
        <p className={styles.secure}>{t('card.secure')}</p>
        <CardBrands className={styles.brands} label={t('card.accepted_cards')} />
      </form>
      <Modal
        open={challenge}
        onOpenChange={(open) => !open && !busy && void pay('refuse')}
        title={t('card.challenge_title')}
        description={t('card.challenge_text')}
        width={420}
      >
        <div className={styles.choices}>
          <Button onClick={() => void pay('approve')} busy={busy}>
            {t('card.challenge_approve')}
          </Button>
          <Button variant="secondary" onClick={() => void pay('refuse')} disabled={busy}>
            {t('card.challenge_refuse')}
          </Button>
        </div>
      </Modal>
    </div>
  );
}
