// Test support (imported by tests only, never by the app): the workspace's chapters rendered on a real
// sync engine, with render counts.
import { readFileSync } from 'node:fs';
import { useState, type ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Accordion } from 'radix-ui';
import { DndContext } from '@dnd-kit/core';
import { SortableContext } from '@dnd-kit/sortable';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import type { CheckpointData } from '@common/schemas/session';
import { AuthProvider } from '../src/app/auth';
import { SyncEngine } from '../src/features/workspace/model/sync-engine';
import { ChapterItem } from '../src/features/workspace/components/chapter-item';
import { useCheckpoint, WorkspaceContext, type WorkspaceContextValue } from '../src/features/workspace/components/workspace-context';
import { WorkspaceSlotsContext, type WorkspaceSlots } from '../src/features/workspace/components/workspace-slots';

/**
 * Renders counted where a component translates its text: the chapter row's number ('Chapter 2',
 * `chapter.number#2`), the open chapter's button ('Recreate the chapter' is only chapter 2's). A React
 * Profiler would not do: it reports a commit whenever its parent re-renders, even when the memoised
 * chapter inside it bails out.
 */
const renders = new Map<string, number>();
export const rendered = (key: string) => renders.get(key) ?? 0;
const i18n = i18next.createInstance();

/** The English texts of these namespaces, every translation counted (call once, in beforeAll). */
export async function countingI18n(namespaces: string[]) {
  const resources = Object.fromEntries(namespaces.map((ns) => [ns, JSON.parse(readFileSync(`locales/en/${ns}.json`, 'utf8')) as object]));
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
      ns: namespaces,
      resources: { en: resources },
      interpolation: { escapeValue: false },
      postProcess: ['count-rows'],
    });
}

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

/** The other features' parts, left out. */
export const noSlots: WorkspaceSlots = {
  AnswerDictation: () => null,
  VoiceSampleDialog: () => null,
  AudiobookProgress: () => null,
  BookPreview: () => null,
  QuestionContributions: () => null,
};

/**
 * The workspace around book 7's two chapters (chapter 1: question 10, no text; chapter 2: question 20
 * and a written text, so its questions are folded). `isLoggedIn` false is a guest's book; `queryClient`
 * may hold what the slots fetch.
 */
export function renderChapters({
  slots = noSlots,
  locked = false,
  planOpened = () => {},
  isLoggedIn = false,
  queryClient = new QueryClient(),
  open,
}: {
  slots?: WorkspaceSlots;
  locked?: boolean;
  planOpened?: () => void;
  isLoggedIn?: boolean;
  queryClient?: QueryClient;
  /** The chapters open at first (all unless told). */
  open?: number[];
} = {}) {
  const engine = new SyncEngine({ base: { checkpoint: book(), version: 1 }, transport: null, debounceMs: 0 });
  const context: WorkspaceContextValue = {
    sessionId: 7,
    lng: 'en',
    isPayed: true,
    unlockedChapters: [],
    isLoggedIn,
    getCheckpoint: () => engine.getState().checkpoint,
    subscribe: engine.subscribe,
    update: engine.update,
    applyWritten: () => {},
    applyServerWrite: engine.applyServerWrite,
    images: {},
    storedImages: new Set(),
    wantImages: () => {},
    setImage: async () => {},
    openPlanModal: planOpened,
    showMissingSurvey: false,
    setShowMissingSurvey: () => {},
    confirm: async () => true,
  };

  // Like ChapterList: re-renders with every change of the chapters, each chapter open unless told.
  function Chapters() {
    const chapters = useCheckpoint((c) => c.data);
    const [opened, setOpened] = useState(() => (open ?? chapters.map((c) => c.id)).map(String));
    return (
      <Accordion.Root type="multiple" value={opened} onValueChange={setOpened}>
        {chapters.map((chapter, index) => (
          <ChapterItem
            key={chapter.id}
            chapterId={chapter.id}
            index={index}
            open={opened.includes(String(chapter.id))}
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
      <QueryClientProvider client={queryClient}>
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

/** The answer box of chapter N's only question. */
export const answer = (chapterId: number) => document.getElementById(`answer-${chapterId}-${chapterId * 10}`) as HTMLTextAreaElement;
