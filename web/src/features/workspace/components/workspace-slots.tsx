import { createContext, useContext, type ComponentType } from 'react';
import type { Language } from '@common/constants';
import type { Session } from '@common/schemas/session';

/**
 * What the workspace shows from other features: dictation and the voice sample (voice), the book
 * preview (preview), the audiobook's progress (audiobook), what relatives remember under each question (family). The route composes them (app/routes/workspace-route.tsx), so the workspace
 * depends on none of those features.
 */
export interface WorkspaceSlots {
  AnswerDictation: ComponentType<{ value: string; onChange: (value: string) => void; sessionId: number; lng?: Language }>;
  VoiceSampleDialog: ComponentType<{
    open: boolean;
    onOpenChange: (open: boolean) => void;
    sessionId: number;
    language: Language;
    onContinue: () => void;
  }>;
  AudiobookProgress: ComponentType<{ sessionId: number; lng: Language }>;
  /** A signed-in author's family contributions under a question (`questionId` null: memories of the whole chapter). */
  QuestionContributions: ComponentType<{ sessionId: number; chapterId: number; questionId: number | null }>;
  BookPreview: ComponentType<{ open: boolean; onOpenChange: (open: boolean) => void; session: Session; images: Record<string, string> }>;
}

export const WorkspaceSlotsContext = createContext<WorkspaceSlots | null>(null);

export function useWorkspaceSlots(): WorkspaceSlots {
  const value = useContext(WorkspaceSlotsContext);
  if (!value) throw new Error('useWorkspaceSlots outside the workspace');
  return value;
}
