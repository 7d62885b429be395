// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useDictation } from './use-dictation';

/**
 * A browser recognition that fails the way Chromium does without its vendor's servers: every start
 * errors with 'network', then ends.
 */
class FailingRecognition {
  static started = 0;
  lang = '';
  continuous = false;
  interimResults = false;
  onresult: unknown = null;
  onerror: ((event: { error: string }) => void) | null = null;
  onend: (() => void) | null = null;
  start() {
    FailingRecognition.started += 1;
    setTimeout(() => {
      this.onerror?.({ error: 'network' });
      this.onend?.();
    }, 0);
  }
  stop() {}
  abort() {}
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  FailingRecognition.started = 0;
});

describe('useDictation when the browser recognition fails', () => {
  it('reports the error once and never restarts (no loop)', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('webkitSpeechRecognition', FailingRecognition);
    const onError = vi.fn();
    renderHook(() => useDictation({ active: true, lng: 'fr', onFinal: () => undefined, onError }));
    // a restart loop would run until the fake clock gives up
    act(() => vi.advanceTimersByTime(7_000));
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith('network');
    expect(FailingRecognition.started).toBe(1);
  });
});
