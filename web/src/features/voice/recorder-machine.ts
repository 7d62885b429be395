import { RECORDING_LIMIT_SECONDS } from '@common/constants';

/**
 * The recorder's states (spec section 4, Recording) as a pure reducer. Time enters only through
 * the `now` of each action, so the machine is tested with fake timers and no browser.
 *
 * idle → requesting → recording ⇄ paused → stopped (by the author, or past the limit)
 *      → transcribing → idle;  requesting → denied | unsupported;  transcribing → failed → transcribing.
 */
export type RecorderStatus =
  'idle' | 'requesting' | 'recording' | 'paused' | 'stopped' | 'transcribing' | 'denied' | 'unsupported' | 'failed';
export type StopReason = 'user' | 'limit';

export interface RecorderState {
  status: RecorderStatus;
  limitMs: number;
  /** Recorded time of the segments before the current one. */
  elapsedMs: number;
  /** When the current recording segment started (null unless recording). */
  segmentStartedAt: number | null;
  /** The last clock reading the machine saw (drives the countdown). */
  now: number;
  stopReason: StopReason | null;
}

export type RecorderAction =
  | { type: 'request' }
  | { type: 'granted'; now: number }
  | { type: 'denied' }
  | { type: 'unsupported' }
  | { type: 'pause'; now: number }
  | { type: 'resume'; now: number }
  | { type: 'tick'; now: number }
  | { type: 'stop'; now: number }
  | { type: 'transcribe' }
  | { type: 'done' }
  | { type: 'failed' }
  | { type: 'reset' };

export function initialRecorderState(limitSeconds: number = RECORDING_LIMIT_SECONDS): RecorderState {
  return { status: 'idle', limitMs: limitSeconds * 1000, elapsedMs: 0, segmentStartedAt: null, now: 0, stopReason: null };
}

/** Recorded time at `now` (paused time does not count), never beyond the limit. */
export function elapsedAt(state: RecorderState, now: number = state.now): number {
  const running = state.status === 'recording' && state.segmentStartedAt !== null ? Math.max(0, now - state.segmentStartedAt) : 0;
  return Math.min(state.limitMs, state.elapsedMs + running);
}

/** The countdown shown to the author, in whole seconds (120 → 0). */
export function remainingSeconds(state: RecorderState, now: number = state.now): number {
  return Math.max(0, Math.ceil((state.limitMs - elapsedAt(state, now)) / 1000));
}

/** Whether the microphone is held (the level meter and the media recorder run). */
export function isCapturing(state: RecorderState): boolean {
  return state.status === 'recording' || state.status === 'paused';
}

function stopped(state: RecorderState, now: number, reason: StopReason): RecorderState {
  return { ...state, status: 'stopped', elapsedMs: elapsedAt(state, now), segmentStartedAt: null, now, stopReason: reason };
}

export function recorderReducer(state: RecorderState, action: RecorderAction): RecorderState {
  switch (action.type) {
    case 'request':
      if (state.status === 'requesting' || isCapturing(state) || state.status === 'transcribing') return state;
      return { ...initialRecorderState(state.limitMs / 1000), status: 'requesting' };
    case 'granted':
      if (state.status !== 'requesting') return state;
      return { ...state, status: 'recording', elapsedMs: 0, segmentStartedAt: action.now, now: action.now, stopReason: null };
    case 'denied':
      return state.status === 'requesting' ? { ...state, status: 'denied' } : state;
    case 'unsupported':
      return state.status === 'requesting' ? { ...state, status: 'unsupported' } : state;
    case 'pause':
      if (state.status !== 'recording') return state;
      if (elapsedAt(state, action.now) >= state.limitMs) return stopped(state, action.now, 'limit');
      return { ...state, status: 'paused', elapsedMs: elapsedAt(state, action.now), segmentStartedAt: null, now: action.now };
    case 'resume':
      if (state.status !== 'paused') return state;
      return { ...state, status: 'recording', segmentStartedAt: action.now, now: action.now };
    case 'tick':
      if (state.status !== 'recording') return state;
      if (elapsedAt(state, action.now) >= state.limitMs) return stopped(state, action.now, 'limit');
      return { ...state, now: action.now };
    case 'stop':
      if (!isCapturing(state)) return state;
      return stopped(state, action.now, elapsedAt(state, action.now) >= state.limitMs ? 'limit' : 'user');
    case 'transcribe':
      // from a fresh recording, or again after a failed attempt (same recording)
      return state.status === 'stopped' || state.status === 'failed' ? { ...state, status: 'transcribing' } : state;
    case 'done':
      return state.status === 'transcribing' || state.status === 'stopped' ? initialRecorderState(state.limitMs / 1000) : state;
    case 'failed':
      return state.status === 'transcribing' || state.status === 'stopped' ? { ...state, status: 'failed' } : state;
    case 'reset':
      return initialRecorderState(state.limitMs / 1000);
  }
}

/**
 * Feeds the machine a `tick` every `intervalMs` while it runs (the countdown and the automatic stop
 * at the limit). Returns the function that stops the ticking.
 */
export function startTicker(dispatch: (action: RecorderAction) => void, intervalMs = 250, clock: () => number = Date.now): () => void {
  const id = setInterval(() => dispatch({ type: 'tick', now: clock() }), intervalMs);
  return () => clearInterval(id);
}

/** 95 → "1:35". */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
