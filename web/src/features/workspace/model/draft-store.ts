import type { Draft } from './sync-engine';

/** Unsaved changes of a book kept in the browser until the server acknowledges them. */
const key = (sessionId: number) => `plume_workspace_draft_${sessionId}`;

export function readDraft(sessionId: number): Draft | null {
  try {
    const raw = localStorage.getItem(key(sessionId));
    if (!raw) return null;
    const draft = JSON.parse(raw) as Draft;
    return typeof draft?.base_version === 'number' && draft.base && draft.checkpoint ? draft : null;
  } catch {
    return null;
  }
}

export function writeDraft(sessionId: number, draft: Draft | null): void {
  try {
    if (draft) localStorage.setItem(key(sessionId), JSON.stringify(draft));
    else localStorage.removeItem(key(sessionId));
  } catch {
    // storage full: the server save still runs
  }
}
