import { useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { Button } from '../../components/button';
import { MicrophoneIcon } from '../../components/icons';
import { formatCountdown } from './recorder-machine';
import { useRecorder, type Recording, type UseRecorder } from './use-recorder';
import styles from './recorder.module.css';

/** The live level of the microphone, so the author sees it hears them. */
export function LevelMeter({ level }: { level: number }) {
  const { t } = useTranslation('voice');
  const percent = Math.round(Math.max(0, Math.min(1, level)) * 100);
  return (
    <div
      className={styles.meter}
      role="meter"
      aria-label={t('level')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      data-testid="voice-level"
    >
      <div className={styles.meterFill} style={{ width: `${percent}%` }} />
    </div>
  );
}

export interface RecorderControlsProps {
  recorder: UseRecorder;
  disabled?: boolean;
  /** Label of the start button (e.g. "Record your answer", "Record your voice sample"). */
  startLabel?: string;
  /** Shown under the controls (live dictation text, a preview…). */
  children?: ReactNode;
}

/**
 * The recorder's face for every state: start, countdown from 120 s with the level meter, pause /
 * resume / stop, the transcribing spinner, and the microphone-denied warning (typing still works).
 */
export function RecorderControls({ recorder, disabled = false, startLabel, children }: RecorderControlsProps) {
  const { t } = useTranslation('voice');
  const { state, remainingSeconds, level } = recorder;
  const status = state.status;
  const limitReached = state.stopReason === 'limit' && status === 'stopped';
  useEffect(() => {
    if (limitReached) toast.info(t('limit_reached'), { toastId: 'voice-limit' });
  }, [limitReached, t]);
  const countdown = (
    <span
      className={[styles.countdown, remainingSeconds <= 10 ? styles.countdownLow : ''].join(' ')}
      role="timer"
      aria-label={t('time_left', { time: formatCountdown(remainingSeconds) })}
      data-testid="voice-countdown"
    >
      {formatCountdown(remainingSeconds)}
    </span>
  );

  return (
    <div className={styles.recorder} data-testid="voice-recorder" data-state={status}>
      {status === 'recording' || status === 'paused' ? (
        <div className={styles.row}>
          <span className={styles.status} aria-live="polite">
            <span className={status === 'recording' ? styles.dot : styles.dotPaused} aria-hidden="true" />
            {status === 'recording' ? t('recording') : t('paused')}
          </span>
          {countdown}
          <LevelMeter level={level} />
          {status === 'recording' ? (
            <Button variant="secondary" onClick={recorder.pause}>
              {t('pause')}
            </Button>
          ) : (
            <Button variant="secondary" onClick={recorder.resume}>
              {t('resume')}
            </Button>
          )}
          <Button variant="primary" onClick={recorder.stop}>
            {t('stop')}
          </Button>
        </div>
      ) : status === 'transcribing' || status === 'stopped' ? (
        <div className={styles.row} role="status" aria-live="polite">
          <span className={styles.spinner} aria-hidden="true" />
          <span className={styles.status}>{status === 'transcribing' ? t('transcribing') : t('finishing')}</span>
        </div>
      ) : (
        <div className={styles.row}>
          <Button variant="secondary" onClick={() => void recorder.start()} disabled={disabled} busy={status === 'requesting'}>
            <MicrophoneIcon className={styles.icon} />
            {status === 'requesting' ? t('requesting') : (startLabel ?? t('record'))}
          </Button>
        </div>
      )}
      {state.stopReason === 'limit' && (status === 'stopped' || status === 'transcribing') ? (
        <p className={styles.notice}>{t('limit_reached')}</p>
      ) : null}
      {status === 'denied' ? (
        <p className={styles.warning} role="alert">
          {t('denied')}
        </p>
      ) : null}
      {status === 'unsupported' ? (
        <p className={styles.warning} role="alert">
          {t('unsupported')}
        </p>
      ) : null}
      {children}
    </div>
  );
}

/**
 * A self-contained recorder that yields the recorded Blob (the audiobook's voice sample reuses it):
 * the author records, listens back, and `onRecorded` receives the recording.
 */
export function Recorder({
  onRecorded,
  disabled,
  limitSeconds,
  startLabel,
  preview = true,
}: {
  onRecorded: (recording: Recording) => void;
  disabled?: boolean;
  limitSeconds?: number;
  startLabel?: string;
  preview?: boolean;
}) {
  const recorder = useRecorder({ limitSeconds, onRecorded });
  const { recording, state, dispatch } = recorder;
  // no transcription here: a stopped recording is simply done
  useEffect(() => {
    if (state.status === 'stopped' && recording) dispatch({ type: 'done' });
  }, [state.status, recording, dispatch]);
  const url = useMemo(() => (preview && recording ? URL.createObjectURL(recording.blob) : null), [preview, recording]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return (
    <RecorderControls recorder={recorder} disabled={disabled} startLabel={startLabel}>
      {url ? <audio className={styles.preview} controls src={url} data-testid="voice-preview" /> : null}
    </RecorderControls>
  );
}
