// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Chapter, ChapterDraft } from '@common/schemas/session';
import { testI18n } from '../../../../test/i18n';
import { ChapterModal } from './chapter-modal';

let fr: i18n;
beforeAll(async () => {
  fr = await testI18n('fr', ['workspace']);
});
afterEach(cleanup);
const t = (key: string, options: Record<string, unknown> = {}) => fr.t(key, { ns: 'workspace', ...options });

/** The modal as the workspace opens it; what it saves and whether it closed are recorded. */
function open(chapter: Chapter | null = null) {
  const saved: ChapterDraft[] = [];
  const closed: boolean[] = [];
  render(
    <I18nextProvider i18n={fr}>
      <ChapterModal open chapter={chapter} onOpenChange={(o) => closed.push(!o)} onSave={(draft) => saved.push(draft)} />
    </I18nextProvider>,
  );
  return { saved, closed };
}
const question = (n: number) => screen.getByLabelText(t('chapter_modal.question_n', { n }));
const save = () => fireEvent.click(screen.getByRole('button', { name: t('actions.save') }));

describe('ChapterModal (ChapterDraftSchema through useSchemaForm)', () => {
  it('refuses an untitled chapter and an empty question, in the reader’s language, under each field', async () => {
    const { saved, closed } = open();
    fireEvent.click(screen.getByRole('button', { name: t('question.add') }));
    fireEvent.change(question(1), { target: { value: 'Où êtes-vous né ?' } });
    fireEvent.change(question(2), { target: { value: '   ' } });
    save();
    expect(await screen.findByText(t('messages.please_add_chapter_title'))).toBeTruthy();
    expect(screen.getByText(t('messages.please_add_question_title'))).toBeTruthy();
    expect(question(2).getAttribute('aria-invalid')).toBe('true');
    expect(question(1).getAttribute('aria-invalid')).toBeNull();
    expect(saved).toEqual([]);
    expect(closed).toEqual([]);
  });

  it('saves a new chapter trimmed, then closes', async () => {
    const { saved, closed } = open();
    fireEvent.change(screen.getByLabelText(t('chapter_modal.name')), { target: { value: '  Mon enfance ' } });
    fireEvent.change(question(1), { target: { value: ' Où êtes-vous né ? ' } });
    save();
    await waitFor(() => expect(saved).toEqual([{ name: 'Mon enfance', questions: [{ name: 'Où êtes-vous né ?' }] }]));
    expect(closed).toEqual([true]);
  });

  it('renames a chapter: existing questions keep their ids, a removed one is gone', async () => {
    const chapter: Chapter = {
      id: 4,
      name: 'Enfance',
      generated_content: '',
      generated_count: 0,
      questions: [
        { id: 41, name: 'Première question', transcript: 'réponse', question_category_id: 4 },
        { id: 42, name: 'Deuxième question', transcript: '', question_category_id: 4 },
      ],
    };
    const { saved } = open(chapter);
    fireEvent.change(screen.getByLabelText(t('chapter_modal.name')), { target: { value: 'Mes premières années' } });
    fireEvent.click(screen.getByRole('button', { name: t('chapter_modal.remove_question_n', { n: 1 }) }));
    fireEvent.click(screen.getByRole('button', { name: t('question.add') }));
    fireEvent.change(question(2), { target: { value: 'Une nouvelle' } });
    save();
    await waitFor(() =>
      expect(saved).toEqual([
        {
          name: 'Mes premières années',
          questions: [{ id: 42, name: 'Deuxième question' }, { name: 'Une nouvelle' }],
        },
      ]),
    );
  });
});
