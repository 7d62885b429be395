import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import type { Language } from '@common/constants';
import { VOICE_SAMPLE_MAX_SECONDS, VOICE_SAMPLE_MIN_SECONDS, VOICE_SAMPLE_RECORD_SECONDS } from '@common/schemas/speech';
import { Button } from '../../components/button';
import { Modal } from '../../components/modal';
import { uploadErrorMessage } from './api/transcribe-audio';
import { uploadVoiceSample } from './api/upload-voice-sample';
import { createVoiceModel, measureRecording } from './api/create-voice-model';
import { Recorder } from './recorder';
import type { Recording } from './use-recorder';
import styles from './voice-sample-dialog.module.css';

export interface VoiceSampleDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The book the audiobook is for. */
  sessionId: number;
  /** The book's language: the text to read aloud is in it. */
  language: Language;
  /** After a successful upload: go on to the audiobook (payment). */
  onContinue: () => void;
}

/**
 * The workspace's "voice sample recording" modal (spec section 2): the author reads aloud for about a
 * minute with the same recorder as the question cards (limit 120 s), listens back, and sends it as
 * `voice_sample`; once saved, "Continue to the audiobook".
 */
export function VoiceSampleDialog({ open, onOpenChange, sessionId, language, onContinue }: VoiceSampleDialogProps) {
  const { t } = useTranslation('voice');
  // the text to read is in the book's language, which may not be the page's (loaded on demand, no suspense)
  const { t: tBook, ready: bookTextReady } = useTranslation('voice', { lng: language, useSuspense: false });
  const [preparing, setPreparing] = useState(false);
  const [recording, setRecording] = useState<Recording | null>(null);
  const [uploading, setUploading] = useState(false);
  const [uploaded, setUploaded] = useState(false);

  const handleOpenChange = (next: boolean) => {
    if (!next) {
      setRecording(null);
      setUploaded(false);
    }
    onOpenChange(next);
  };

  const tooShort = recording !== null && recording.durationMs < VOICE_SAMPLE_MIN_SECONDS * 1000;

  const send = async () => {
    if (!recording) return;
    setUploading(true);
    try {
      await uploadVoiceSample({ sessionId, blob: recording.blob, fileName: recording.fileName });
      setUploaded(true);
      toast.success(t('sample.upload_success'), { toastId: `voice-sample-ok-${recording.fileName}` });
    } catch (error) {
      console.warn('voice sample upload', error);
      const detail = uploadErrorMessage(error);
      toast.error(detail ? `${t('sample.upload_failed')} ${detail}` : t('sample.upload_failed'), {
        toastId: `voice-sample-failed-${recording.fileName}`,
      });
    } finally {
      setUploading(false);
    }
  };

  // the voice model (cloned, or the offline voice matched to the sample's pitch and pace), then on to the payment
  const proceed = async () => {
    setPreparing(true);
    try {
      await createVoiceModel(sessionId, recording ? await measureRecording(recording.blob) : null);
      onContinue();
    } catch (error) {
      console.warn('voice model', error);
    } finally {
      setPreparing(false);
    }
  };

  return (
    <Modal open={open} onOpenChange={handleOpenChange} title={t('sample.title')} description={t('sample.intro')}>
      <div className={styles.body} data-testid="voice-sample-dialog">
        <p className={styles.hint}>{t('sample.length_hint', { min: VOICE_SAMPLE_MIN_SECONDS, max: VOICE_SAMPLE_MAX_SECONDS })}</p>
        <figure className={styles.reading} lang={language}>
          <figcaption className={styles.readingTitle}>{t('sample.read_aloud_title')}</figcaption>
          <p className={styles.readingText} data-testid="voice-sample-text">
            {bookTextReady ? tBook('sample.read_aloud_text') : null}
          </p>
        </figure>
        <Recorder
          limitSeconds={VOICE_SAMPLE_RECORD_SECONDS}
          startLabel={recording ? t('sample.record_again') : t('sample.record')}
          disabled={uploading}
          onRecorded={(next) => {
            setRecording(next);
            setUploaded(false);
          }}
        />
        {tooShort ? (
          <p className={styles.hint} role="status">
            {t('sample.too_short', { min: VOICE_SAMPLE_MIN_SECONDS })}
          </p>
        ) : null}
        {uploaded ? (
          <>
            <p className={styles.done} role="status">
              {t('sample.saved')}
            </p>
            <div className={styles.actions}>
              <Button onClick={() => void proceed()} busy={preparing}>
                {t('sample.continue')}
              </Button>
            </div>
          </>
        ) : recording ? (
          <div className={styles.actions}>
            <Button onClick={() => void send()} busy={uploading} disabled={tooShort}>
              {t('sample.upload')}
            </Button>
          </div>
        ) : null}
      </div>
    </Modal>
  );
}
