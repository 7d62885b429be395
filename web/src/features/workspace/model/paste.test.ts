import { describe, expect, it } from 'vitest';
import { fitPaste } from './paste';

describe('fitPaste (a paste over the answer limit is shortened at a word)', () => {
  it('lets a paste that fits through untouched', () => {
    expect(fitPaste('abc', 3, 3, ' def', 10)).toBeNull();
  });
  it('cuts the pasted text after its last whole word that fits, keeping the text around the caret', () => {
    expect(fitPaste('Start end', 6, 6, 'one two three four', 20)).toEqual({ value: 'Start one twoend', caret: 13 });
  });
  it('replaces the selection and never splits a word', () => {
    const result = fitPaste('x'.repeat(2490) + 'SELECTED', 2490, 2498, 'Rosa lavorava ogni giorno', 2500);
    expect(result?.value).toBe(`${'x'.repeat(2490)}Rosa`);
    expect(result!.value.length).toBeLessThanOrEqual(2500);
  });
  it('keeps a word that ends exactly at the limit', () => {
    expect(fitPaste('', 0, 0, 'abcd efgh ijkl', 9)?.value).toBe('abcd efgh');
  });
});
