import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../../lib/use-current-language';
import { Button } from '../../../components/button';
import { Loader } from '../../../components/loader';
import { useDeleteVoiceData, useMyVoiceData } from '../api/voice-data';
import styles from './voice-data-section.module.css';

/**
 * The profile's voice data (issue 13 item 2): the author's voice samples and the voice models made
 * from them — personal data, private, each deletable (a cloned voice is deleted at its provider too).
 */
export function VoiceDataSection() {
  const { t } = useTranslation('audiobook');
  const lng = useCurrentLanguage();
  const data = useMyVoiceData();
  const remove = useDeleteVoiceData();
  const date = (iso: string) => new Intl.DateTimeFormat(lng, { dateStyle: 'long' }).format(new Date(iso));
  const empty = data.data && data.data.samples.length === 0 && data.data.models.length === 0;
  return (
    <section className={styles.section} aria-labelledby="voice-data-title" data-testid="voice-data">
      <h2 id="voice-data-title" className={styles.title}>
        {t('voice_data.title')}
      </h2>
      <p className={styles.lead}>{t('voice_data.lead')}</p>
      {data.isLoading ? <Loader /> : null}
      {empty ? <p className={styles.lead}>{t('voice_data.empty')}</p> : null}
      <ul className={styles.list}>
        {data.data?.samples.map((sample) => (
          <li key={`sample-${sample.service_session_id}`} className={styles.item} data-testid="voice-sample-item">
            <div>
              <p className={styles.name}>{t('voice_data.sample', { book: sample.book_name })}</p>
              <p className={styles.meta}>
                <time dateTime={sample.updated_at}>{date(sample.updated_at)}</time>
              </p>
            </div>
            <Button variant="secondary" busy={remove.isPending} onClick={() => remove.mutate({ sample: sample.service_session_id })}>
              {t('voice_data.delete_sample')}
            </Button>
          </li>
        ))}
        {data.data?.models.map((model) => (
          <li key={`model-${model.id}`} className={styles.item} data-testid="voice-model-item">
            <div>
              <p className={styles.name}>
                {model.voice === 'cloned' ? t('voice_data.model_cloned') : t('voice_data.model_offline')}
                {model.book_name ? ` — ${model.book_name}` : ''}
              </p>
              <p className={styles.meta}>
                <time dateTime={model.created_at}>{date(model.created_at)}</time>
              </p>
            </div>
            <Button variant="secondary" busy={remove.isPending} onClick={() => remove.mutate({ model: model.id })}>
              {t('voice_data.delete_model')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
