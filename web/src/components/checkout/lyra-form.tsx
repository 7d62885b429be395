import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentForm } from '@common/schemas/payments';
import { useCurrentLanguage } from '../../lib/use-current-language';
import { Loader } from '../loader';
import { readAnswer, type ClientAnswer } from './kr-answer';
import { LyraLoadError, loadLyraForm } from './lyra-loader';
import styles from './card-form.module.css';

/**
 * Lyra's embedded form (when the server's paymentSettings says Lyra): the smart form rendered in
 * the page, in the UI language. Its answer is read like the sandbox's; the server checks the
 * signature. Returning false from onSubmit keeps Lyra from redirecting.
 */
export function LyraForm({
  form,
  publicKey,
  staticUrl,
  onAnswer,
  onError,
}: {
  form: PaymentForm;
  publicKey: string | null;
  staticUrl: string | null;
  onAnswer: (answer: ClientAnswer) => void;
  onError?: (reason: string, message: string) => void;
}) {
  const { t } = useTranslation('payments');
  const language = useCurrentLanguage();
  const id = `lyra-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const [ready, setReady] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    let removeForms: (() => unknown) | null = null;
    loadLyraForm({ domain: staticUrl, publicKey, formToken: form.formToken, language })
      .then(async (KR) => {
        if (!live) return;
        removeForms = () => KR.removeForms();
        await KR.onSubmit((response) => {
          onAnswer(
            readAnswer({
              'kr-answer': response.rawClientAnswer,
              'kr-hash': response.hash,
              'kr-hash-algorithm': response.hashAlgorithm,
              'kr-answer-type': response._type,
            }),
          );
          return false;
        });
        await KR.onError((error) =>
          onError?.(error.detailedErrorCode ?? error.errorCode, error.detailedErrorMessage ?? error.errorMessage),
        );
        await KR.renderElements(`#${id}`);
        if (live) setReady(true);
      })
      .catch((error: unknown) => {
        if (!live) return;
        const reason = error instanceof LyraLoadError ? error.reason : 'not_loaded';
        setFailure(t(`lyra.${reason}`));
        onError?.(`LYRA_${reason.toUpperCase()}`, t(`lyra.${reason}`));
      });
    return () => {
      live = false;
      void removeForms?.();
    };
    // The form is set up once per form token; the callbacks are read when Lyra answers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form.formToken, publicKey, staticUrl, language]);

  if (failure) {
    return (
      <p className={styles.error} role="alert">
        {failure}
      </p>
    );
  }
  return (
    <div className={styles.card}>
      {ready ? null : <Loader />}
      <div id={id}>
        <div className="kr-smart-form" kr-card-form-expanded="" />
      </div>
      <p className={styles.secure}>{t('card.secure')}</p>
    </div>
  );
}
