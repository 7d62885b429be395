import { describe, expect, it } from 'vitest';
import { progressPercent } from './progress';

describe('progressPercent (spec section 4: rounded share of items with non-empty generated_content)', () => {
  it('is 0 for no items', () => {
    expect(progressPercent([])).toBe(0);
  });
  it('counts items with generated content', () => {
    expect(progressPercent([{ generated_content: 'x' }, { generated_content: '' }])).toBe(50);
    expect(progressPercent([{ generated_content: 'a' }, { generated_content: 'b' }])).toBe(100);
    expect(progressPercent([{ generated_content: null }, {}])).toBe(0);
  });
  it('rounds to the nearest whole percent', () => {
    expect(progressPercent([{ generated_content: 'a' }, {}, {}])).toBe(33);
    expect(progressPercent([{ generated_content: 'a' }, { generated_content: 'b' }, {}])).toBe(67);
    expect(progressPercent([{ generated_content: 'a' }, {}, {}, {}, {}, {}, {}, {}])).toBe(13);
  });
  it('does not count whitespace-only content', () => {
    expect(progressPercent([{ generated_content: '   \n' }, { generated_content: 'text' }])).toBe(50);
  });
});
