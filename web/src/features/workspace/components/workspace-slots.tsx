import { createContext, useContext, type ComponentType } from 'react';
import type { Language } from '@common/constants';
import type { Session } from '@common/schemas/session';

/**
 * What the workspace shows from other features: dictation and the voice sample (voice), the book
 * preview (preview), the audiobook's progress (audiobook). The route composes them (app/routes/workspace-route.tsx), so the workspace
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
  BookPreview: ComponentType<{ open: boolean; onOpenChange: (open: boolean) => void; session: Session; images: Record<string, string> }>;
}

export const WorkspaceSlotsContext = createContext<WorkspaceSlots | null>(null);

export function useWorkspaceSlots(): WorkspaceSlots {
  const value = useContext(WorkspaceSlotsContext);
  if (!value) throw new Error('useWorkspaceSlots outside the workspace');
  return value;
}
