import { describe, expect, it } from 'vitest';
import { BOOK_NAME_MAX_LENGTH, bookNameProblem } from './book-name';

describe('bookNameProblem', () => {
  it('accepts a name up to the maximum once trimmed, refuses an empty or longer one', () => {
    expect(bookNameProblem(`  ${'n'.repeat(BOOK_NAME_MAX_LENGTH)}  `)).toBeNull();
    expect(bookNameProblem('n'.repeat(BOOK_NAME_MAX_LENGTH + 1))).toBe('book_name_too_long');
    expect(bookNameProblem('   ')).toBe('book_name_required');
  });
});
