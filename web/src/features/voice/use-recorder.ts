import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { RECORDING_LIMIT_SECONDS } from '@common/constants';
import {
  elapsedAt,
  initialRecorderState,
  isCapturing,
  recorderReducer,
  remainingSeconds,
  startTicker,
  type RecorderAction,
  type RecorderState,
} from './recorder-machine';
import { extensionFor, levelOf, pickMimeType, uploadFileName } from './media';

/** A finished recording, ready to upload (or to keep as the audiobook's voice sample). */
export interface Recording {
  blob: Blob;
  mimeType: string;
  extension: string;
  /** 8 alphanumerics + timestamp + extension (spec section 9). */
  fileName: string;
  durationMs: number;
}

export interface UseRecorderOptions {
  limitSeconds?: number;
  /** Called once per recording when the media recorder has handed over its data. */
  onRecorded?: (recording: Recording) => void;
  /** Microphone errors are logged and passed here (spec section 8). */
  onError?: (error: unknown) => void;
  /** Also capture to a file (MediaRecorder); false for the live-dictation mode that only needs the meter. */
  record?: boolean;
}

export interface UseRecorder {
  state: RecorderState;
  remainingSeconds: number;
  elapsedMs: number;
  /** 0..1, the microphone's live level (AnalyserNode). */
  level: number;
  recording: Recording | null;
  start: () => Promise<void>;
  pause: () => void;
  resume: () => void;
  stop: () => void;
  reset: () => void;
  /** For the caller that transcribes: spinner on, then done or failed. */
  dispatch: (action: RecorderAction) => void;
}

type Resources = {
  stream: MediaStream | null;
  recorder: MediaRecorder | null;
  audioContext: AudioContext | null;
  frame: number | null;
  chunks: Blob[];
};

export function isMicrophoneDenied(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  return name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError';
}

/**
 * The microphone as a hook: getUserMedia → MediaRecorder (the container the browser supports) and an
 * AnalyserNode for the level meter, driven by the pure recorder machine (120 s countdown, pause,
 * automatic stop). Yields the recorded Blob; uploading is the caller's business.
 */
export function useRecorder({
  limitSeconds = RECORDING_LIMIT_SECONDS,
  onRecorded,
  onError,
  record = true,
}: UseRecorderOptions = {}): UseRecorder {
  const [state, dispatch] = useReducer(recorderReducer, limitSeconds, initialRecorderState);
  const [level, setLevel] = useState(0);
  const [recording, setRecording] = useState<Recording | null>(null);
  const resources = useRef<Resources>({ stream: null, recorder: null, audioContext: null, frame: null, chunks: [] });
  const callbacks = useRef({ onRecorded, onError });
  const lastElapsed = useRef(0);
  useEffect(() => {
    callbacks.current = { onRecorded, onError };
  });

  const release = useCallback(() => {
    const r = resources.current;
    if (r.frame !== null) cancelAnimationFrame(r.frame);
    r.frame = null;
    r.stream?.getTracks().forEach((track) => track.stop());
    r.stream = null;
    void r.audioContext?.close().catch(() => undefined);
    r.audioContext = null;
    setLevel(0);
  }, []);

  const start = useCallback(async () => {
    dispatch({ type: 'request' });
    setRecording(null);
    if (!navigator.mediaDevices?.getUserMedia || (record && typeof MediaRecorder === 'undefined')) {
      dispatch({ type: 'unsupported' });
      return;
    }
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({
        audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true },
      });
    } catch (error) {
      console.warn('microphone', error);
      callbacks.current.onError?.(error);
      dispatch(isMicrophoneDenied(error) ? { type: 'denied' } : { type: 'unsupported' });
      return;
    }
    const r = resources.current;
    r.stream = stream;
    r.chunks = [];
    if (record) {
      const mimeType = pickMimeType(MediaRecorder.isTypeSupported?.bind(MediaRecorder));
      let recorder: MediaRecorder;
      try {
        recorder = new MediaRecorder(stream, mimeType ? { mimeType, audioBitsPerSecond: 64_000 } : { audioBitsPerSecond: 64_000 });
      } catch (error) {
        console.warn('media recorder', error);
        callbacks.current.onError?.(error);
        release();
        dispatch({ type: 'unsupported' });
        return;
      }
      recorder.ondataavailable = (event) => {
        if (event.data && event.data.size > 0) r.chunks.push(event.data);
      };
      recorder.onstop = () => {
        const type = recorder.mimeType || mimeType || 'audio/webm';
        const blob = new Blob(r.chunks, { type });
        r.chunks = [];
        r.recorder = null;
        release();
        const done: Recording = {
          blob,
          mimeType: type,
          extension: extensionFor(type),
          fileName: uploadFileName(type),
          durationMs: lastElapsed.current,
        };
        setRecording(done);
        callbacks.current.onRecorded?.(done);
      };
      recorder.onerror = (event) => {
        console.warn('media recorder', event);
        callbacks.current.onError?.(event);
      };
      r.recorder = recorder;
      recorder.start(1000);
    }
    startMeter(stream, r, setLevel);
    dispatch({ type: 'granted', now: Date.now() });
  }, [record, release]);

  // the countdown and the automatic stop past the limit
  useEffect(() => {
    if (state.status !== 'recording') return undefined;
    return startTicker(dispatch);
  }, [state.status]);

  // the media follows the machine (pause, resume, stop — including the automatic stop)
  useEffect(() => {
    const r = resources.current;
    const recorder = r.recorder;
    if (state.status === 'paused' && recorder?.state === 'recording') recorder.pause();
    if (state.status === 'recording' && recorder?.state === 'paused') recorder.resume();
    if (state.status === 'stopped' || state.status === 'idle' || state.status === 'denied' || state.status === 'unsupported') {
      lastElapsed.current = state.elapsedMs;
      if (recorder && recorder.state !== 'inactive') recorder.stop();
      else if (r.stream) release();
    }
  }, [state.status, state.elapsedMs, release]);

  // let go of the microphone when the card goes away
  useEffect(
    () => () => {
      const r = resources.current;
      if (r.recorder && r.recorder.state !== 'inactive') {
        r.recorder.onstop = null;
        r.recorder.stop();
      }
      r.recorder = null;
      release();
    },
    [release],
  );

  return {
    state,
    remainingSeconds: remainingSeconds(state),
    elapsedMs: elapsedAt(state),
    level: isCapturing(state) ? level : 0,
    recording,
    start,
    pause: useCallback(() => dispatch({ type: 'pause', now: Date.now() }), []),
    resume: useCallback(() => dispatch({ type: 'resume', now: Date.now() }), []),
    stop: useCallback(() => dispatch({ type: 'stop', now: Date.now() }), []),
    reset: useCallback(() => dispatch({ type: 'reset' }), []),
    dispatch,
  };
}

function startMeter(stream: MediaStream, r: Resources, setLevel: (level: number) => void) {
  const AudioContextClass = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!AudioContextClass) return;
  try {
    const context = new AudioContextClass();
    const analyser = context.createAnalyser();
    analyser.fftSize = 1024;
    context.createMediaStreamSource(stream).connect(analyser);
    r.audioContext = context;
    // Safari may create it suspended once the click's gesture has passed the permission prompt
    if (context.state === 'suspended') void context.resume().catch(() => undefined);
    const samples = new Uint8Array(analyser.fftSize);
    let shown = 0;
    const draw = () => {
      analyser.getByteTimeDomainData(samples);
      const next = levelOf(samples);
      // smooth the fall so the bar does not flicker; re-render only on a visible change
      const smoothed = next > shown ? next : shown * 0.85 + next * 0.15;
      if (Math.abs(smoothed - shown) > 0.02) {
        shown = smoothed;
        setLevel(smoothed);
      }
      r.frame = requestAnimationFrame(draw);
    };
    r.frame = requestAnimationFrame(draw);
  } catch (error) {
    console.warn('level meter', error);
  }
}
