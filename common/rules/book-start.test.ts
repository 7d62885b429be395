import { describe, expect, it } from 'vitest';
import { DESCRIPTION_MAX_LENGTH, DESCRIPTION_MIN_LENGTH } from '../constants';
import { startTextProblem } from './book-start';

const text = (description: string, subject = '', hasDocument = false) => ({ description, subject, hasDocument });

describe('startTextProblem', () => {
  it('asks an autobiography for a description long enough, unless a document stands in', () => {
    expect(startTextProblem('autobiography', text('x'.repeat(DESCRIPTION_MIN_LENGTH - 1)))).toBe('description_too_short');
    expect(startTextProblem('autobiography', text(`  ${'x'.repeat(DESCRIPTION_MIN_LENGTH - 1)}  `))).toBe('description_too_short');
    expect(startTextProblem('autobiography', text('x'.repeat(DESCRIPTION_MIN_LENGTH)))).toBeNull();
    expect(startTextProblem('autobiography', text('', '', true))).toBeNull();
  });

  it('refuses a description or subject of the maximum length or more, document or not', () => {
    expect(startTextProblem('autobiography', text('x'.repeat(DESCRIPTION_MAX_LENGTH - 1)))).toBeNull();
    expect(startTextProblem('autobiography', text('x'.repeat(DESCRIPTION_MAX_LENGTH), '', true))).toBe('description_too_long');
    expect(startTextProblem('another_story', text('', 'x'.repeat(DESCRIPTION_MAX_LENGTH), true))).toBe('subject_too_long');
  });

  it('asks other books for a subject unless a document stands in, and ignores the description', () => {
    expect(startTextProblem('another_story', text('a long description', '   '))).toBe('subject_required');
    expect(startTextProblem('self_development', text('', 'Courage'))).toBeNull();
    expect(startTextProblem('another_story', text('', '', true))).toBeNull();
  });
});
