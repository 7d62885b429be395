import { describe, expect, it } from 'vitest';
import { cleanText, paragraphsOf } from './book-text';

describe('paragraphsOf', () => {
  it('splits on line breaks, makes each run of spaces one space, a no-break space when the run holds one, and trims', () => {
    expect(paragraphsOf('  One  two \u00a0 three\u00a0\u00a0four  \n\n\nFive   six\u00a0\n \u00a0 \n')).toEqual([
      'One two\u00a0three\u00a0four',
      'Five six',
    ]);
  });

  it('makes spaces before a no-break space part of its run', () => {
    expect(paragraphsOf('two  \u00a0three   \u00a0  four')).toEqual(['two\u00a0three\u00a0four']);
  });

  it('keeps a lone no-break space (French spacing) and single spaces as they are', () => {
    expect(paragraphsOf('Il a dit\u00a0: «\u00a0oui\u00a0» et il est parti.')).toEqual([
      'Il a dit\u00a0: «\u00a0oui\u00a0» et il est parti.',
    ]);
  });
});

describe('cleanText', () => {
  it('replaces lone surrogates, high or low, and keeps paired ones', () => {
    expect(cleanText('x\uDC00y')).toBe('x\uFFFDy');
    expect(cleanText('a\uD800b\uDC00c\uD835\uDC9Cd\uDC00\uD800')).toBe('a\uFFFDb\uFFFDc\uD835\uDC9Cd\uFFFD\uFFFD');
  });
});
