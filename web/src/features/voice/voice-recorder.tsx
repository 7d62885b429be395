/**
 * The question card's microphone (spec sections 2 and 4). Placeholder signature, being filled in:
 * records, uploads to getGoogleSpeechToText and appends the transcript to `value` with a comma.
 */
export interface VoiceRecorderProps {
  /** The current answer text. */
  value: string;
  /** Called with the new answer (transcript appended, never replacing what was typed). */
  onChange: (value: string) => void;
  disabled?: boolean;
  /** The book (service_session_id) the answer belongs to. */
  sessionId: number;
  /** Language of the book (en, fr, es, it); defaults to the interface language. */
  lng?: string;
}

export function VoiceRecorder(_props: VoiceRecorderProps) {
  return null;
}
