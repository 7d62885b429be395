import { describe, expect, it } from 'vitest';
import { londonTimestamp } from './submitted-at';

describe('londonTimestamp', () => {
  it('formats Europe/London wall time, summer and winter', () => {
    expect(londonTimestamp(new Date('2026-07-01T12:34:56Z'))).toBe('2026-07-01 13:34:56');
    expect(londonTimestamp(new Date('2026-01-15T00:05:09Z'))).toBe('2026-01-15 00:05:09');
    expect(londonTimestamp(new Date('2026-03-29T00:59:59Z'))).toBe('2026-03-29 00:59:59');
    expect(londonTimestamp(new Date('2026-03-29T01:00:00Z'))).toBe('2026-03-29 02:00:00');
  });
});
