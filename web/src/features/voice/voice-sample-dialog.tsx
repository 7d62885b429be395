import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { VOICE_SAMPLE_MIN_SECONDS, VOICE_SAMPLE_RECORD_SECONDS } from '@common/schemas/speech';
import { Button } from '../../components/button';
import { Modal } from '../../components/modal';
import { uploadErrorMessage } from './api/transcribe-audio';
import { uploadVoiceSample } from './api/upload-voice-sample';
import { Recorder } from './recorder';
import type { Recording } from './use-recorder';
import styles from './voice-sample-dialog.module.css';

export interface VoiceSampleDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The book the audiobook is for. */
  sessionId: number;
  /** After a successful upload: go on to the audiobook (payment). */
  onContinue: () => void;
}

/**
 * The workspace's "voice sample recording" modal (spec section 2): the author reads aloud for about a
 * minute with the same recorder as the question cards (limit 120 s), listens back, and sends it as
 * `voice_sample`; once saved, "Continue to the audiobook".
 */
export function VoiceSampleDialog({ open, onOpenChange, sessionId, onContinue }: VoiceSampleDialogProps) {
  const { t } = useTranslation('voice');
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

  return (
    <Modal open={open} onOpenChange={handleOpenChange} title={t('sample.title')} description={t('sample.intro')}>
      <div className={styles.body} data-testid="voice-sample-dialog">
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
              <Button onClick={onContinue}>{t('sample.continue')}</Button>
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
