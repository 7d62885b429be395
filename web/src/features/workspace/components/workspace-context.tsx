import { createContext, useContext } from 'react';
import type { Language } from '@common/constants';
import type { CheckpointData } from '@common/schemas/session';

export interface WorkspaceContextValue {
  sessionId: number;
  lng: Language;
  isPayed: boolean;
  isLoggedIn: boolean;
  checkpoint: CheckpointData;
  update: (edit: (checkpoint: CheckpointData) => CheckpointData) => void;
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
