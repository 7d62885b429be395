import { describe, expect, it } from 'vitest';
import { bookTypeOf } from './book-type';

describe('bookTypeOf (spec section 3: 1 and 4 autobiography, 2 another_story, 3 self_development)', () => {
  it('maps the four codes', () => {
    expect(bookTypeOf(1)).toBe('autobiography');
    expect(bookTypeOf(2)).toBe('another_story');
    expect(bookTypeOf(3)).toBe('self_development');
    expect(bookTypeOf(4)).toBe('autobiography');
  });
  it('reads a missing or unknown category as autobiography', () => {
    expect(bookTypeOf(null)).toBe('autobiography');
    expect(bookTypeOf(undefined)).toBe('autobiography');
    expect(bookTypeOf(0)).toBe('autobiography');
    expect(bookTypeOf(99)).toBe('autobiography');
    expect(bookTypeOf(-2)).toBe('autobiography');
  });
});
