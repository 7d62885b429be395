import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  elapsedAt,
  formatCountdown,
  initialRecorderState,
  recorderReducer,
  remainingSeconds,
  startTicker,
  type RecorderAction,
  type RecorderState,
} from './recorder-machine';

/** The machine driven as the hook drives it: a ticker on (fake) timers, actions stamped with Date.now(). */
function harness(limitSeconds?: number) {
  let state = initialRecorderState(limitSeconds);
  const dispatch = (action: RecorderAction) => {
    state = recorderReducer(state, action);
  };
  let stopTicker: (() => void) | null = null;
  const sync = () => {
    if (state.status === 'recording' && !stopTicker) stopTicker = startTicker(dispatch);
    if (state.status !== 'recording' && stopTicker) {
      stopTicker();
      stopTicker = null;
    }
  };
  return {
    get state(): RecorderState {
      return state;
    },
    act(action: RecorderAction) {
      dispatch(action);
      sync();
    },
    advance(ms: number) {
      // advance in small steps so the ticker's automatic stop is seen as the hook would see it
      for (let t = 0; t < ms; t += 250) {
        vi.advanceTimersByTime(Math.min(250, ms - t));
        sync();
      }
    },
    now: () => Date.now(),
  };
}

describe('recorder state machine', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T10:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('starts idle with the full 120 s countdown', () => {
    const m = harness();
    expect(m.state.status).toBe('idle');
    expect(remainingSeconds(m.state)).toBe(120);
    expect(formatCountdown(remainingSeconds(m.state))).toBe('2:00');
  });

  it('records with a countdown from 120 s', () => {
    const m = harness();
    m.act({ type: 'request' });
    expect(m.state.status).toBe('requesting');
    m.act({ type: 'granted', now: m.now() });
    expect(m.state.status).toBe('recording');
    m.advance(1_000);
    expect(remainingSeconds(m.state)).toBe(119);
    m.advance(24_000);
    expect(remainingSeconds(m.state)).toBe(95);
    expect(formatCountdown(remainingSeconds(m.state))).toBe('1:35');
  });

  it('does not count paused time, and resumes where it was', () => {
    const m = harness();
    m.act({ type: 'request' });
    m.act({ type: 'granted', now: m.now() });
    m.advance(30_000);
    m.act({ type: 'pause', now: m.now() });
    expect(m.state.status).toBe('paused');
    m.advance(300_000); // five minutes of pause
    expect(m.state.status).toBe('paused');
    expect(remainingSeconds(m.state, m.now())).toBe(90);
    m.act({ type: 'resume', now: m.now() });
    expect(m.state.status).toBe('recording');
    m.advance(10_000);
    expect(remainingSeconds(m.state)).toBe(80);
  });

  it('stops by itself past 120 s of recording, pauses included', () => {
    const m = harness();
    m.act({ type: 'request' });
    m.act({ type: 'granted', now: m.now() });
    m.advance(60_000);
    m.act({ type: 'pause', now: m.now() });
    m.advance(45_000);
    m.act({ type: 'resume', now: m.now() });
    m.advance(59_750);
    expect(m.state.status).toBe('recording');
    m.advance(500);
    expect(m.state.status).toBe('stopped');
    expect(m.state.stopReason).toBe('limit');
    expect(m.state.elapsedMs).toBe(120_000);
    expect(remainingSeconds(m.state)).toBe(0);
    // nothing moves after the stop
    m.advance(10_000);
    expect(m.state.status).toBe('stopped');
    expect(elapsedAt(m.state, m.now())).toBe(120_000);
  });

  it('stops when the author asks, then transcribes, then is ready again', () => {
    const m = harness();
    m.act({ type: 'request' });
    m.act({ type: 'granted', now: m.now() });
    m.advance(12_000);
    m.act({ type: 'stop', now: m.now() });
    expect(m.state).toMatchObject({ status: 'stopped', stopReason: 'user', elapsedMs: 12_000 });
    m.act({ type: 'transcribe' });
    expect(m.state.status).toBe('transcribing');
    // a second start while transcribing is ignored
    m.act({ type: 'request' });
    expect(m.state.status).toBe('transcribing');
    m.act({ type: 'done' });
    expect(m.state.status).toBe('idle');
    expect(remainingSeconds(m.state)).toBe(120);
  });

  it('can stop while paused', () => {
    const m = harness();
    m.act({ type: 'request' });
    m.act({ type: 'granted', now: m.now() });
    m.advance(5_000);
    m.act({ type: 'pause', now: m.now() });
    m.advance(5_000);
    m.act({ type: 'stop', now: m.now() });
    expect(m.state).toMatchObject({ status: 'stopped', elapsedMs: 5_000, stopReason: 'user' });
  });

  it('knows when the microphone is refused or missing, and lets the author try again', () => {
    const m = harness();
    m.act({ type: 'request' });
    m.act({ type: 'denied' });
    expect(m.state.status).toBe('denied');
    m.act({ type: 'pause', now: m.now() });
    m.act({ type: 'stop', now: m.now() });
    expect(m.state.status).toBe('denied');
    m.act({ type: 'request' });
    expect(m.state.status).toBe('requesting');
    m.act({ type: 'unsupported' });
    expect(m.state.status).toBe('unsupported');
  });

  it('reports a failed transcription, and resets', () => {
    const m = harness();
    m.act({ type: 'request' });
    m.act({ type: 'granted', now: m.now() });
    m.advance(3_000);
    m.act({ type: 'stop', now: m.now() });
    m.act({ type: 'transcribe' });
    m.act({ type: 'failed' });
    expect(m.state.status).toBe('failed');
    // the same recording can be sent again
    m.act({ type: 'transcribe' });
    expect(m.state.status).toBe('transcribing');
    m.act({ type: 'failed' });
    // or a new one recorded
    m.act({ type: 'request' });
    expect(m.state.status).toBe('requesting');
    m.act({ type: 'reset' });
    expect(m.state).toEqual(initialRecorderState());
  });

  it('ignores actions that make no sense in a state', () => {
    const idle = initialRecorderState();
    for (const action of [
      { type: 'granted', now: 1 },
      { type: 'pause', now: 1 },
      { type: 'resume', now: 1 },
      { type: 'tick', now: 1 },
      { type: 'stop', now: 1 },
      { type: 'transcribe' },
    ] as RecorderAction[]) {
      expect(recorderReducer(idle, action)).toBe(idle);
    }
  });

  it('honours a shorter limit (e.g. a voice sample)', () => {
    const m = harness(30);
    m.act({ type: 'request' });
    m.act({ type: 'granted', now: m.now() });
    expect(remainingSeconds(m.state)).toBe(30);
    m.advance(30_250);
    expect(m.state).toMatchObject({ status: 'stopped', stopReason: 'limit', elapsedMs: 30_000 });
  });
});
