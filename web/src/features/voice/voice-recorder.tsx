import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { ANSWER_MAX_LENGTH } from '@common/constants';
import { Button } from '../../components/button';
import { appendTranscript } from './append-transcript';
import { useSpeechConfig } from './api/get-speech-config';
import { transcribeAudio, uploadErrorMessage } from './api/transcribe-audio';
import { RecorderControls } from './recorder';
import { RecorderPending } from './recorder-pending';
import { useDictation, speechRecognitionConstructor } from './use-dictation';
import { useRecorder, type Recording } from './use-recorder';
import styles from './recorder.module.css';

export interface VoiceRecorderProps {
  /** The current answer text. */
  value: string;
  /** Called with the new answer: the transcript appended with a comma, never replacing what was typed. */
  onChange: (value: string) => void;
  disabled?: boolean;
  /** The book (service_session_id) the answer belongs to (the author's answers). */
  sessionId?: number;
  /**
   * Sends a recording for transcription instead of getGoogleSpeechToText with `sessionId`: a relative's
   * answer goes through their link (issue 19). Same recorder, same provider, same checks.
   */
  transcribe?: (recording: { blob: Blob; fileName: string; lng: string }) => Promise<string>;
  /** Language spoken (the book's: en, fr, es, it); defaults to the interface language. */
  lng?: string;
}

/**
 * The question card's microphone (spec sections 2, 4 and 8). With a server speech-to-text provider it
 * records (120 s countdown, pause, level meter), uploads to getGoogleSpeechToText and appends the
 * transcript; without one it dictates live with the browser's own recognition, or says in one
 * sentence that voice input is not set up. The answer keeps its 2500-character limit.
 */
export function VoiceRecorder({ value, onChange, disabled = false, sessionId, lng, transcribe }: VoiceRecorderProps) {
  const { t, i18n } = useTranslation('voice');
  const config = useSpeechConfig();
  const language = lng ?? i18n.resolvedLanguage ?? i18n.language ?? 'en';

  // the latest answer: the author may type while a recording is transcribed
  const latest = useRef({ value, onChange });
  useEffect(() => {
    latest.current = { value, onChange };
  });
  const append = useCallback(
    (transcript: string, separator: string) => {
      const result = appendTranscript(latest.current.value, transcript, { max: ANSWER_MAX_LENGTH, separator });
      if (result.value !== latest.current.value) {
        latest.current.value = result.value;
        latest.current.onChange(result.value);
      }
      if (result.truncated)
        toast.warning(t('transcript_cut', { max: ANSWER_MAX_LENGTH }), { toastId: `voice-cut-${sessionId ?? 'relative'}` });
      return result;
    },
    [t, sessionId],
  );

  if (config.isPending) return <RecorderPending />;
  const provider = config.data?.provider ?? 'none';
  if (provider !== 'none')
    return (
      <UploadingRecorder
        disabled={disabled}
        transcribe={transcribe ?? ((recording) => transcribeAudio({ ...recording, sessionId }))}
        language={language}
        append={append}
      />
    );
  if (speechRecognitionConstructor()) return <DictationRecorder disabled={disabled} language={language} append={append} />;
  return (
    <p className={styles.notice} data-testid="voice-not-set-up">
      {t('not_set_up')}
    </p>
  );
}

type Append = (transcript: string, separator: string) => { truncated: boolean };

function useDeniedWarning(status: string) {
  const { t } = useTranslation('voice');
  useEffect(() => {
    if (status === 'denied') toast.warning(t('denied'), { toastId: 'voice-denied' });
  }, [status, t]);
}

/** Server transcription: record → upload → append. */
function UploadingRecorder({
  disabled,
  transcribe,
  language,
  append,
}: {
  disabled: boolean;
  transcribe: NonNullable<VoiceRecorderProps['transcribe']>;
  language: string;
  append: Append;
}) {
  const { t } = useTranslation('voice');
  const [failed, setFailed] = useState<Recording | null>(null);
  const recorderRef = useRef<ReturnType<typeof useRecorder> | null>(null);

  const upload = useCallback(
    async (recording: Recording) => {
      const recorder = recorderRef.current;
      recorder?.dispatch({ type: 'transcribe' });
      setFailed(null);
      try {
        const transcript = await transcribe({ blob: recording.blob, fileName: recording.fileName, lng: language });
        if (transcript.trim()) {
          append(transcript, ', ');
          toast.success(t('upload_success'), { toastId: `voice-ok-${recording.fileName}` });
        } else {
          toast.info(t('nothing_heard'));
        }
        recorderRef.current?.dispatch({ type: 'done' });
      } catch (error) {
        console.warn('speech to text', error);
        const detail = uploadErrorMessage(error);
        toast.error(detail ? `${t('upload_failed')} ${detail}` : t('upload_failed'), { toastId: `voice-failed-${recording.fileName}` });
        recorderRef.current?.dispatch({ type: 'failed' });
        setFailed(recording);
      }
    },
    [append, language, transcribe, t],
  );

  const recorder = useRecorder({ onRecorded: (recording) => void upload(recording) });
  useEffect(() => {
    recorderRef.current = recorder;
  });
  useDeniedWarning(recorder.state.status);

  return (
    <RecorderControls recorder={recorder} disabled={disabled}>
      {failed && recorder.state.status === 'failed' ? (
        <div className={styles.row}>
          <Button variant="ghost" disabled={disabled} onClick={() => void upload(failed)}>
            {t('retry')}
          </Button>
        </div>
      ) : null}
    </RecorderControls>
  );
}

/** No server provider: the browser's own speech recognition writes into the answer as the author speaks. */
function DictationRecorder({ disabled, language, append }: { disabled: boolean; language: string; append: Append }) {
  const { t } = useTranslation('voice');
  const recorder = useRecorder({ record: false });
  const { state, dispatch } = recorder;
  const firstInSession = useRef(true);
  useDeniedWarning(state.status);

  useEffect(() => {
    if (state.status === 'requesting') firstInSession.current = true;
    if (state.status === 'stopped') dispatch({ type: 'done' });
  }, [state.status, dispatch]);

  const [failed, setFailed] = useState(false);
  const { interim } = useDictation({
    active: state.status === 'recording',
    lng: language,
    onFinal: (text) => {
      const { truncated } = append(text, firstInSession.current ? ', ' : ' ');
      firstInSession.current = false;
      if (truncated) dispatch({ type: 'stop', now: Date.now() });
    },
    onError: (error) => {
      console.warn('speech recognition stopped:', error);
      setFailed(true);
      dispatch({ type: 'stop', now: Date.now() });
    },
  });

  if (failed) {
    return (
      <p className={styles.notice} role="status" data-testid="dictation-failed">
        {t('dictation_unavailable')}
      </p>
    );
  }

  return (
    <RecorderControls recorder={recorder} disabled={disabled} startLabel={t('dictate')}>
      {state.status === 'recording' && interim ? (
        <p className={styles.interim} aria-live="polite">
          {interim}
        </p>
      ) : null}
    </RecorderControls>
  );
}
