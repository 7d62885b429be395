// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import type { ReactNode } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Accordion } from 'radix-ui';
import { DndContext } from '@dnd-kit/core';
import { SortableContext } from '@dnd-kit/sortable';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_MAX_LENGTH } from '@common/constants';
import type { CheckpointData } from '@common/schemas/session';
import { AuthProvider } from '../../../app/auth';
import { SyncEngine } from '../model/sync-engine';
import { ChapterItem } from './chapter-item';
import { useCheckpoint, WorkspaceContext, type WorkspaceContextValue } from './workspace-context';
import { WorkspaceSlotsContext, type WorkspaceSlots } from './workspace-slots';

/**
 * Renders counted where a component translates its text: the chapter row's number ('Chapter 2',
 * `chapter.number#2`), the open chapter's button ('Recreate the chapter' is only chapter 2's). A React
 * Profiler would not do: it reports a commit whenever its parent re-renders, even when the memoised
 * chapter inside it bails out.
 */
const renders = new Map<string, number>();
const rendered = (key: string) => renders.get(key) ?? 0;
const i18n = i18next.createInstance();
beforeAll(async () => {
  const workspace = JSON.parse(readFileSync('locales/en/workspace.json', 'utf8')) as object;
  await i18n
    .use(initReactI18next)
    .use({
      type: 'postProcessor',
      name: 'count-rows',
      process: (value: string, key: string | string[], options: { n?: number }) => {
        const name = `${[key].flat()[0]}${options.n ? `#${options.n}` : ''}`;
        renders.set(name, rendered(name) + 1);
        return value;
      },
    })
    .init({
      lng: 'en',
      ns: ['workspace'],
      resources: { en: { workspace } },
      interpolation: { escapeValue: false },
      postProcess: ['count-rows'],
    });
});
afterEach(cleanup);

function book(): CheckpointData {
  return {
    data: [1, 2].map((id) => ({
      id,
      name: `Chapter name ${id}`,
      questions: [{ id: id * 10, name: `Question ${id}`, transcript: '', question_category_id: id }],
      generated_content: id === 2 ? 'The first paragraph.\n\nThe second paragraph.' : '',
      generated_count: id === 2 ? 1 : 0,
    })),
    lookups: { survey_questions: [] },
    general_category_id: 1,
    category_based_type_ids: [],
    services_with_plans: [],
  };
}

// the other features' parts are not under test here
const slots: WorkspaceSlots = {
  AnswerDictation: () => null,
  VoiceSampleDialog: () => null,
  AudiobookProgress: () => null,
  BookPreview: () => null,
};

/** The workspace around the chapters, on a real sync engine (no server: a guest's book). */
function setup({ locked = false, planOpened = () => {} }: { locked?: boolean; planOpened?: () => void } = {}) {
  const engine = new SyncEngine({ base: { checkpoint: book(), version: 1 }, transport: null, debounceMs: 0 });
  const context: WorkspaceContextValue = {
    sessionId: 7,
    lng: 'en',
    isPayed: true,
    unlockedChapters: [],
    isLoggedIn: false,
    getCheckpoint: () => engine.getState().checkpoint,
    subscribe: engine.subscribe,
    update: engine.update,
    applyWritten: () => {},
    applyServerWrite: engine.applyServerWrite,
    images: {},
    setImage: async () => {},
    openPlanModal: planOpened,
    showMissingSurvey: false,
    setShowMissingSurvey: () => {},
    confirm: async () => true,
  };

  // Like ChapterList: re-renders with every change of the chapters, each chapter open.
  function Chapters() {
    const chapters = useCheckpoint((c) => c.data);
    return (
      <Accordion.Root type="multiple" defaultValue={chapters.map((c) => String(c.id))}>
        {chapters.map((chapter, index) => (
          <ChapterItem
            key={chapter.id}
            chapterId={chapter.id}
            index={index}
            locked={locked && index === 1}
            canOrganise
            canDelete
            onEdit={noop}
            onDelete={noop}
          />
        ))}
      </Accordion.Root>
    );
  }
  const wrap = (children: ReactNode) => (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <AuthProvider>
          <WorkspaceContext.Provider value={context}>
            <WorkspaceSlotsContext.Provider value={slots}>
              <DndContext>
                <SortableContext items={[1, 2]}>{children}</SortableContext>
              </DndContext>
            </WorkspaceSlotsContext.Provider>
          </WorkspaceContext.Provider>
        </AuthProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
  render(wrap(<Chapters />));
  return { engine };
}
const noop = () => {};

const answer = (chapterId: number) => document.getElementById(`answer-${chapterId}-${chapterId * 10}`) as HTMLTextAreaElement;

describe('ChapterItem', () => {
  it('typing in chapter 1 re-renders chapter 1 only, not chapter 2', () => {
    const { engine } = setup();
    const before = { row1: rendered('chapter.number#1'), row2: rendered('chapter.number#2'), body2: rendered('chapter.recreate') };
    expect(before.row2).toBeGreaterThan(0);
    expect(before.body2).toBeGreaterThan(0);
    for (const text of ['M', 'My', 'My m', 'My mother']) fireEvent.change(answer(1), { target: { value: text } });
    expect(answer(1).value).toBe('My mother');
    expect(engine.getState().checkpoint.data[0].questions[0].transcript).toBe('My mother');
    expect(rendered('chapter.number#1')).toBeGreaterThan(before.row1);
    expect(rendered('chapter.number#2')).toBe(before.row2);
    expect(rendered('chapter.recreate')).toBe(before.body2);
  });

  it('counts the characters of an answer against the limit', () => {
    setup();
    // chapter 2 has its text: its questions are folded
    expect(screen.getAllByText(`0 / ${ANSWER_MAX_LENGTH}`)).toHaveLength(1);
    fireEvent.change(answer(1), { target: { value: 'Naples, 1950' } });
    expect(screen.getByText(`12 / ${ANSWER_MAX_LENGTH}`)).toBeTruthy();
  });

  it('shows the written text, edits it by hand and saves it to the book', () => {
    const { engine } = setup();
    const block = screen.getByTestId('chapter-text');
    expect(block.textContent).toContain('The first paragraph.');
    expect(block.textContent).toContain('The second paragraph.');
    fireEvent.click(screen.getByRole('button', { name: 'Edit the text' }));
    const editor = screen.getByLabelText('Chapter text') as HTMLTextAreaElement;
    expect(editor.value).toBe('The first paragraph.\n\nThe second paragraph.');
    fireEvent.change(editor, { target: { value: 'A new beginning.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.queryByLabelText('Chapter text')).toBeNull();
    expect(screen.getByTestId('chapter-text').textContent).toBe('A new beginning.');
    const chapter = engine.getState().checkpoint.data[1];
    expect(chapter.generated_content).toBe('A new beginning.');
    expect(chapter.text_origin).toBe('edited');
  });

  it('a locked chapter shows only its title and opens the plans', () => {
    let opened = 0;
    setup({ locked: true, planOpened: () => (opened += 1) });
    expect(screen.queryByTestId('chapter-text')).toBeNull();
    expect(answer(2)).toBeNull();
    const trigger = screen.getByRole('button', { name: /Chapter 2, Chapter name 2: locked/ });
    act(() => trigger.click());
    expect(opened).toBe(1);
  });
});
