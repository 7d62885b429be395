import { createContext, useContext } from 'react';
import type { Language } from '@common/constants';
import type { StoryAnswer } from '@common/schemas/generation';
import type { CheckpointData } from '@common/schemas/session';

export interface WorkspaceContextValue {
  sessionId: number;
  lng: Language;
  isPayed: boolean;
  /** An unpaid book's extra chapters, bought one by one (ids): open like the first chapter. */
  unlockedChapters: readonly number[];
  isLoggedIn: boolean;
  checkpoint: CheckpointData;
  update: (edit: (checkpoint: CheckpointData) => CheckpointData) => void;
  /** A chapter the server wrote (generation): applied at the server's version, with the book fields it changed. */
  applyWritten: (chapterId: number, result: StoryAnswer) => void;
  /** Any other change the server wrote itself (a restored version), at its version. */
  applyServerWrite: (edit: (checkpoint: CheckpointData) => CheckpointData, version: number) => void;
  /** Image previews by key (data URLs). */
  images: Record<string, string>;
  setImage: (key: string, file: File | null) => Promise<void>;
  openPlanModal: () => void;
  /** Dropdowns left empty after a submit attempt: highlighted red. */
  showMissingSurvey: boolean;
  setShowMissingSurvey: (value: boolean) => void;
  confirm: (options: { title: string; body?: string; confirmLabel: string; cancelLabel?: string; danger?: boolean }) => Promise<boolean>;
}

export const WorkspaceContext = createContext<WorkspaceContextValue | null>(null);

export function useWorkspaceContext(): WorkspaceContextValue {
  const value = useContext(WorkspaceContext);
  if (!value) throw new Error('useWorkspaceContext outside the workspace');
  return value;
}
