import { createContext, useContext, useSyncExternalStore } from 'react';
import type { Language } from '@common/constants';
import type { StoryAnswer } from '@common/schemas/generation';
import type { CheckpointData } from '@common/schemas/session';

/**
 * The workspace's actions and book-level state. The checkpoint is not in it: it changes on every
 * keystroke, so it is read through `useCheckpoint` with a selector, and a chapter re-renders only
 * when what it selects changes.
 */
export interface WorkspaceContextValue {
  sessionId: number;
  lng: Language;
  isPayed: boolean;
  /** An unpaid book's extra chapters, bought one by one (ids): open like the first chapter. */
  unlockedChapters: readonly number[];
  isLoggedIn: boolean;
  /** The sync engine's store: the checkpoint now, and a subscription to its changes. */
  getCheckpoint: () => CheckpointData;
  subscribe: (listener: () => void) => () => void;
  update: (edit: (checkpoint: CheckpointData) => CheckpointData) => void;
  /** A chapter the server wrote (generation): applied at the server's version, with the book fields it changed. */
  applyWritten: (chapterId: number, result: StoryAnswer) => void;
  /** Any other change the server wrote itself (a restored version), at its version. */
  applyServerWrite: (edit: (checkpoint: CheckpointData) => CheckpointData, version: number) => void;
  /** Image previews by key (data URLs), those loaded so far. */
  images: Record<string, string>;
  /** The keys of the images the book has (loaded or not). */
  storedImages: ReadonlySet<string>;
  /** Asks for these images' previews (a chapter's photos coming near the screen). */
  wantImages: (keys: readonly string[]) => void;
  setImage: (key: string, file: File | null) => Promise<void>;
  openPlanModal: () => void;
  /** Dropdowns left empty after a submit attempt: highlighted red. */
  showMissingSurvey: boolean;
  setShowMissingSurvey: (value: boolean) => void;
  confirm: (options: { title: string; body?: string; confirmLabel: string; cancelLabel?: string; danger?: boolean }) => Promise<boolean>;
}

export const WorkspaceContext = createContext<WorkspaceContextValue | null>(null);

export function useWorkspaceActions(): WorkspaceContextValue {
  const value = useContext(WorkspaceContext);
  if (!value) throw new Error('useWorkspaceActions outside the workspace');
  return value;
}

/** A part of the checkpoint; the caller re-renders only when it changes (the selector must return stored values, not new ones). */
export function useCheckpoint<T>(select: (checkpoint: CheckpointData) => T): T {
  const { subscribe, getCheckpoint } = useWorkspaceActions();
  return useSyncExternalStore(subscribe, () => select(getCheckpoint()));
}

const whole = (checkpoint: CheckpointData) => checkpoint;
export const surveyQuestions = (checkpoint: CheckpointData) => checkpoint.lookups.survey_questions;

/** The actions and the whole checkpoint, for book-level parts that show it all (re-rendered on every change). */
export function useWorkspaceContext(): WorkspaceContextValue & { checkpoint: CheckpointData } {
  return { ...useWorkspaceActions(), checkpoint: useCheckpoint(whole) };
}
