import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { paymentsApi } from '@common/api/payments';
import { printingApi } from '@common/api/printing';
import { languageOfPath } from '@common/languages';
import { formatPrice } from '@common/rules/prices';
import { PRINT_MIN_COPIES } from '@common/rules/printing';
import type { PrintQuote, ShippingAddress } from '@common/schemas/printing';
import { Button } from '../../../components/button';
import { Screen } from '../../../components/screen';
import { TextField } from '../../../components/text-field';
import { ApiError, call } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { ORDERS_QUERY_ROOT } from '../../../lib/query-client';
import { addressComplete, countryOptions, EMPTY_ADDRESS, pendingPrint, setPendingPrint } from '../lib/pending';
import styles from '../printing.module.css';

const SPECS = ['trim', 'paper', 'binding', 'cover', 'colour', 'pages', 'delivery'] as const;
const MAX_COPIES = 500;

/**
 * Printed copies (spec sections 2, 5; issue 14): a .docx (or, with ?book=id, a book written in
 * Plume) is typeset on the server, which answers the real page count and the price; the address
 * is filled in; then /printing-payment. Submit appears once a document and an address are there,
 * and waits while the price is being computed.
 */
export function PrintingPage() {
  const { t, i18n } = useTranslation('printing');
  const location = useLocation();
  const navigate = useNavigate();
  const lng = languageOfPath(location.pathname);
  const [params, setParams] = useSearchParams();
  const bookId = Number(params.get('book')) || null;
  // Back from a payment setup failure (spec: back one page), the document, copies and address are still there.
  const [returning] = useState(pendingPrint);
  const [file, setFile] = useState<File | null>(returning?.file ?? null);
  const [copies, setCopies] = useState(String(returning?.quote.copies ?? PRINT_MIN_COPIES));
  const [quote, setQuote] = useState<PrintQuote | null>(null);
  const [pricing, setPricing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [address, setAddress] = useState<ShippingAddress>(returning?.address ?? EMPTY_ADDRESS);
  const fileInput = useRef<HTMLInputElement>(null);
  const copiesNumber = Number(copies);
  const copiesValid = Number.isInteger(copiesNumber) && copiesNumber >= PRINT_MIN_COPIES && copiesNumber <= MAX_COPIES;

  // Each change of document, book or copies asks the server for a new quote (the last one wins).
  useEffect(() => {
    if ((!file && !bookId) || !copiesValid) return;
    let live = true;
    const timer = window.setTimeout(() => {
      setPricing(true);
      setError(null);
      const request = bookId
        ? call(printingApi.quoteBookForPrinting, { body: { service_session_id: bookId, copies: copiesNumber } }, { quiet: true })
        : call(printingApi.uploadDocx, { fields: { copies: String(copiesNumber) }, files: { file: file! } }, { quiet: true });
      request
        .then((result) => {
          if (live) setQuote(result);
        })
        .catch((failure: unknown) => {
          if (!live) return;
          setQuote(null);
          setError(failure instanceof ApiError ? failure.message : t('errors:error_in_request'));
        })
        .finally(() => {
          if (live) setPricing(false);
        });
    }, 300);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [file, bookId, copiesNumber, copiesValid, t]);

  const orders = useQuery({
    queryKey: [ORDERS_QUERY_ROOT, lng],
    queryFn: () => call(paymentsApi.myOrders, {}, { quiet: true }),
  });
  const printOrders = (orders.data ?? []).filter((order) => order.kind === 'printing');

  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (!chosen) return;
    setQuote(null);
    if (!/\.docx$/i.test(chosen.name)) {
      setFile(null);
      setError(t('upload.wrong_type'));
      return;
    }
    setFile(chosen);
  };

  const set = (name: keyof ShippingAddress) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setAddress((current) => ({ ...current, [name]: event.target.value }));

  const hasDocument = Boolean(file || bookId);
  const ready = hasDocument && addressComplete(address);
  // Copies changed and the new quote is not there yet (the request waits 300 ms for typing to stop): the shown price is stale.
  const stale = quote !== null && copiesValid && quote.copies !== copiesNumber;
  const waiting = pricing || stale;
  const payable = quote !== null && copiesValid && !waiting;
  const money = (value: number) => formatPrice(value, i18n.language, quote?.currency ?? 'EUR');

  const submit = () => {
    if (!quote) return;
    setPendingPrint({ quote, address: { ...address }, file: bookId ? null : file });
    navigate(paths.printingPayment(lng));
  };

  return (
    <Screen title={t('title')} lead={t('lead')} width="wide">
      <div className={styles.layout}>
        <div>
          <section className={styles.panel} aria-labelledby="print-document">
            <h2 id="print-document">{bookId ? t('source.book', { title: quote?.title ?? '…' }) : t('upload.label')}</h2>
            {bookId ? (
              <>
                <p className={styles.hint}>{t('source.book_hint')}</p>
                <div className={styles.sourceSwitch}>
                  <Button variant="secondary" onClick={() => setParams({})}>
                    {t('source.use_document')}
                  </Button>
                </div>
              </>
            ) : (
              <>
                <div className={styles.file}>
                  <input
                    ref={fileInput}
                    id="print-file"
                    type="file"
                    accept=".docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
                    className={styles.visuallyHidden}
                    onChange={chooseFile}
                    data-testid="print-file"
                  />
                  <Button variant="secondary" onClick={() => fileInput.current?.click()}>
                    {file ? t('upload.replace') : t('upload.choose')}
                  </Button>
                  <span className={styles.fileName}>{file ? file.name : t('upload.none')}</span>
                </div>
                <p className={styles.hint}>{t('upload.hint')}</p>
              </>
            )}
            <TextField
              label={t('copies.label')}
              hint={t('copies.hint', { min: PRINT_MIN_COPIES })}
              type="number"
              inputMode="numeric"
              min={PRINT_MIN_COPIES}
              max={MAX_COPIES}
              step={1}
              value={copies}
              onChange={(event) => setCopies(event.target.value)}
              error={
                copies !== '' && !copiesValid ? t('errors-printing:copies_invalid', { min: PRINT_MIN_COPIES, max: MAX_COPIES }) : undefined
              }
            />
            {error ? (
              <p role="alert" className={styles.note}>
                {error}
              </p>
            ) : null}
          </section>

          <section className={styles.panel} aria-labelledby="print-address">
            <h2 id="print-address">{t('address.heading')}</h2>
            <TextField
              label={t('address.recipient_name')}
              autoComplete="name"
              value={address.recipient_name}
              onChange={set('recipient_name')}
            />
            <TextField label={t('address.address')} autoComplete="street-address" value={address.address} onChange={set('address')} />
            <div className={styles.row}>
              <TextField
                label={t('address.postal_code')}
                autoComplete="postal-code"
                value={address.postal_code}
                onChange={set('postal_code')}
              />
              <TextField label={t('address.city')} autoComplete="address-level2" value={address.city} onChange={set('city')} />
            </div>
            <div className={styles.selectField}>
              <label htmlFor="print-country">{t('address.country')}</label>
              <select id="print-country" className={styles.select} autoComplete="country" value={address.country} onChange={set('country')}>
                <option value="">{t('address.country_choose')}</option>
                {countryOptions(i18n.language).map((country) => (
                  <option key={country.code} value={country.code}>
                    {country.name}
                  </option>
                ))}
              </select>
            </div>
            <TextField
              label={t('address.phone')}
              hint={t('address.phone_hint')}
              type="tel"
              autoComplete="tel"
              value={address.phone}
              onChange={set('phone')}
            />
          </section>
        </div>

        <aside>
          <section className={styles.panel} aria-labelledby="print-quote" aria-busy={waiting}>
            <h2 id="print-quote">{t('quote.heading')}</h2>
            {waiting ? <p role="status">{t('quote.pricing')}</p> : null}
            {!waiting && quote ? (
              <>
                <dl className={styles.quote}>
                  <dt>{t('quote.pages_label')}</dt>
                  <dd data-testid="print-pages">{t('quote.pages', { count: quote.pageCount })}</dd>
                  <dt>{t('quote.copies_label')}</dt>
                  <dd>{quote.copies}</dd>
                  <dt>{t('quote.price_label')}</dt>
                  <dd className={styles.total} data-testid="print-price">
                    {money(quote.price)}
                  </dd>
                </dl>
                <p className={styles.detail}>{t('quote.detail', { copy: money(quote.copyPrice), shipping: money(quote.shipping) })}</p>
                <p className={styles.hint}>{t('quote.tax')}</p>
                {quote.blankPages > 0 ? (
                  <p className={styles.note}>{t('quote.padded', { content: quote.contentPages, blank: quote.blankPages })}</p>
                ) : null}
              </>
            ) : null}
            {!waiting && !quote ? <p className={styles.hint}>{t('quote.empty')}</p> : null}
            <div className={styles.actions}>
              {ready ? (
                <Button onClick={submit} disabled={!payable} busy={waiting}>
                  {t('submit.button')}
                </Button>
              ) : (
                <p className={styles.hint}>{t('submit.needs')}</p>
              )}
            </div>
          </section>

          <section className={styles.panel} aria-labelledby="print-specs">
            <h2 id="print-specs">{t('specs.heading')}</h2>
            <ul className={styles.specs}>
              {SPECS.map((key) => (
                <li key={key}>{t(`specs.${key}`)}</li>
              ))}
            </ul>
          </section>

          {printOrders.length > 0 ? (
            <section className={styles.panel} aria-labelledby="print-orders">
              <h2 id="print-orders">{t('orders.heading')}</h2>
              <ul className={styles.orders} data-testid="print-orders">
                {printOrders.map((order) => (
                  <li key={order.order}>
                    <span>{order.planName}</span>
                    <span className={styles.status}>
                      {order.status === 'refunded' ? t('status.refunded') : t(`status.${order.print_status ?? 'received'}`)}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </aside>
      </div>
    </Screen>
  );
}
