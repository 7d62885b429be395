import { describe, expect, it } from 'vitest';
import { audiobookPriceOf, audiobookSections, charactersNeeded, formatCount } from './audiobook';

const book = {
  title: 'Ma vie',
  introduction: ['Une introduction.'],
  chapters: [
    { title: 'Enfance', paragraphs: ['Je suis née à Lyon.', 'Il pleuvait.'] },
    { title: 'Guerre', paragraphs: ['Mon père est parti.'] },
  ],
  summary: ['Fin.'],
  labels: { introduction: 'Introduction', summary: 'Conclusion' },
};

describe('audiobook sections and quota', () => {
  it('reads the title with the introduction, each chapter under its title, then the summary', () => {
    expect(audiobookSections(book)).toEqual([
      { title: 'Ma vie', paragraphs: ['Ma vie', 'Une introduction.'] },
      { title: 'Enfance', paragraphs: ['Enfance', 'Je suis née à Lyon.', 'Il pleuvait.'] },
      { title: 'Guerre', paragraphs: ['Guerre', 'Mon père est parti.'] },
      { title: 'Conclusion', paragraphs: ['Conclusion', 'Fin.'] },
    ]);
  });

  it('counts every character read and prices them at 22 × characters × 2.5 / 100 000 euros', () => {
    const sections = audiobookSections(book);
    const characters = 'Ma vie'.length + 'Une introduction.'.length + 'Enfance'.length + 'Je suis née à Lyon.'.length;
    const rest = 'Il pleuvait.'.length + 'Guerre'.length + 'Mon père est parti.'.length + 'Conclusion'.length + 'Fin.'.length;
    expect(charactersNeeded(sections)).toBe(characters + rest);
    expect(audiobookPriceOf([{ title: 'x', paragraphs: ['a'.repeat(100_000)] }])).toBe(55);
  });

  it('leaves out an empty summary and groups thousands with spaces', () => {
    expect(audiobookSections({ ...book, summary: [] })).toHaveLength(3);
    expect(formatCount(1234567)).toBe('1\u00a0234\u00a0567');
    expect(formatCount(999)).toBe('999');
  });
});
