import { useCallback, useEffect, useRef, useState } from 'react';

/** The part of the Web Speech API we use (Chromium and Safari ship it as webkitSpeechRecognition). */
interface RecognitionAlternative {
  transcript: string;
}
interface RecognitionResult {
  isFinal: boolean;
  length: number;
  [index: number]: RecognitionAlternative;
}
interface RecognitionEvent {
  resultIndex: number;
  results: { length: number; [index: number]: RecognitionResult };
}
interface Recognition {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onresult: ((event: RecognitionEvent) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start: () => void;
  stop: () => void;
  abort: () => void;
}
type RecognitionConstructor = new () => Recognition;

export function speechRecognitionConstructor(): RecognitionConstructor | null {
  if (typeof window === 'undefined') return null;
  const w = window as unknown as { SpeechRecognition?: RecognitionConstructor; webkitSpeechRecognition?: RecognitionConstructor };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

const LOCALES: Record<string, string> = { en: 'en-US', fr: 'fr-FR', es: 'es-ES', it: 'it-IT' };

/**
 * Live dictation with the browser's own speech recognition, used when the server has no
 * speech-to-text provider. `active` follows the recorder machine (recording → listen; paused or
 * stopped → stop listening); each finished sentence is handed to `onFinal`.
 */
export function useDictation({
  active,
  lng,
  onFinal,
  onError,
}: {
  active: boolean;
  lng: string;
  onFinal: (text: string) => void;
  onError?: (error: string) => void;
}) {
  const [interim, setInterim] = useState('');
  const recognition = useRef<Recognition | null>(null);
  const callbacks = useRef({ onFinal, onError });
  const wanted = useRef(active);
  useEffect(() => {
    callbacks.current = { onFinal, onError };
  });

  const stopListening = useCallback(() => {
    const current = recognition.current;
    recognition.current = null;
    if (current) {
      current.onend = null;
      current.stop();
    }
  }, []);

  useEffect(() => {
    wanted.current = active;
    const Constructor = speechRecognitionConstructor();
    if (!active || !Constructor) return undefined;
    const listen = () => {
      const r = new Constructor();
      r.lang = LOCALES[lng] ?? lng;
      r.continuous = true;
      r.interimResults = true;
      r.onresult = (event) => {
        let pending = '';
        for (let i = event.resultIndex; i < event.results.length; i += 1) {
          const result = event.results[i];
          const text = result[0]?.transcript ?? '';
          if (result.isFinal) {
            if (text.trim()) callbacks.current.onFinal(text.trim());
          } else pending += text;
        }
        setInterim(pending.trim());
      };
      // A silence ('no-speech') or our own stop ('aborted') is normal; any other error (network: the
      // vendor's servers are out of reach, not-allowed, language-not-supported...) ends dictation for
      // good: reported once, never restarted.
      r.onerror = (event) => {
        if (event.error === 'no-speech' || event.error === 'aborted' || recognition.current !== r) return;
        recognition.current = null;
        callbacks.current.onError?.(event.error);
      };
      // browsers end a session after a silence: listen again while the author is still recording
      r.onend = () => {
        if (wanted.current && recognition.current === r) listen();
      };
      recognition.current = r;
      try {
        r.start();
      } catch (error) {
        console.warn('speech recognition', error);
      }
    };
    listen();
    return () => {
      stopListening();
      setInterim('');
    };
  }, [active, lng, stopListening]);

  return { interim: active ? interim : '', supported: speechRecognitionConstructor() !== null };
}
