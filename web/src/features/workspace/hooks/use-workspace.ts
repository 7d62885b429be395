import { startTransition, useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { SESSION_SAVE_DEBOUNCE_MS } from '@common/constants';
import type { BookText, TextOrigin } from '@common/schemas/versions';
import type { WorkspaceSession, BookAttribute } from '@common/schemas/workspace';
import { failureStatus } from '../../../lib/api';
import { readTrialSession, writeTrialSession, type TrialSession } from '../../../lib/trial-session';
import { takeSession } from '../api/get-session';
import { upsertTransport } from '../api/upsert-session';
import { attributeConflictValue, updateBookAttribute } from '../api/book-calls';
import { mergeText, type MergeConflict } from '../model/merge';
import { readDraft, writeDraft } from '../model/draft-store';
import { SyncEngine, type Draft, type SyncState } from '../model/sync-engine';

export interface BookMeta {
  id: number;
  book_name: string;
  introduction: string;
  book_summary: string;
  is_payed: boolean;
  /** Extra chapters bought one by one on an unpaid book (their ids): open like the first chapter. */
  unlockedChapters: number[];
  images: string[];
  /** The server cut a text stored over its limit (see `over_limit` of getSession): the author is warned. */
  overLimit: boolean;
  /** A guest's trial book (kept in the browser as trial_session). */
  isGuest: boolean;
  /** Where the introduction and the summary came from (a draft says so). */
  textOrigins: Partial<Record<BookText, TextOrigin>>;
  /** A writing assistant is configured: the introduction can be drafted. */
  writingAssistant: boolean;
}

export type WorkspaceLoad =
  | { status: 'loading' }
  | { status: 'error'; reason: 'not_found' | 'not_yours' | 'unavailable' }
  | { status: 'ready'; meta: BookMeta; engine: SyncEngine };

function safeTrial(): TrialSession | null {
  try {
    return readTrialSession();
  } catch {
    return null;
  }
}

/** Loads a book (server, trial session and any unsaved draft) and keeps it saved while the author works. */
export function useWorkspace(sessionId: number, isLoggedIn: boolean, reloadKey: number) {
  const key = `${sessionId}|${isLoggedIn}|${reloadKey}`;
  const [loaded, setLoaded] = useState<{ key: string; load: WorkspaceLoad } | null>(null);
  const load: WorkspaceLoad = loaded?.key === key ? loaded.load : { status: 'loading' };

  useEffect(() => {
    let cancelled = false;
    let engine: SyncEngine | null = null;
    const setLoad = (next: WorkspaceLoad) => setLoaded({ key, load: next });
    void (async () => {
      const trial = safeTrial();
      const guest = !isLoggedIn && trial?.id === sessionId ? trial : null;
      let server: WorkspaceSession | null = null;
      try {
        server = await takeSession(sessionId);
      } catch (error) {
        const status = failureStatus(error);
        if (!guest) {
          if (!cancelled)
            setLoad({
              status: 'error',
              reason: status === 404 || status === 400 ? 'not_found' : status === 401 ? 'not_yours' : 'unavailable',
            });
          return;
        }
      }
      if (cancelled) return;
      const source = server ?? guest!;
      const base = { checkpoint: source.checkpoint_data, version: source.version };
      // Unsaved changes always live in the draft (the trial copy holds nothing the server lacks without one).
      const draft: Draft | null = readDraft(sessionId);
      const meta: BookMeta = {
        id: sessionId,
        book_name: source.book_name,
        introduction: source.introduction,
        book_summary: source.book_summary,
        is_payed: source.is_payed,
        unlockedChapters: server?.unlocked_chapters ?? [],
        images: server?.images ?? [],
        overLimit: Boolean(server?.over_limit?.length),
        isGuest: guest !== null,
        textOrigins: server?.text_origins ?? {},
        writingAssistant: Boolean(server?.writing_assistant),
      };
      engine = new SyncEngine({
        base,
        draft,
        transport: server || guest ? upsertTransport(sessionId) : null,
        debounceMs: SESSION_SAVE_DEBOUNCE_MS,
        persist: (nextDraft, current, version) => {
          writeDraft(sessionId, nextDraft);
          if (guest) {
            const latest = safeTrial();
            if (latest && latest.id === sessionId) writeTrialSession({ ...latest, checkpoint_data: current, version });
          }
        },
      });
      // A transition: React renders the book's workspace in slices, yielding to the browser between them, instead of
      // one task of the whole render and its commit (docs/performance.md, "The workspace's render after its book, in
      // slices"); the loader stays on screen until it commits.
      const ready = engine;
      startTransition(() => setLoad({ status: 'ready', meta, engine: ready }));
    })();
    return () => {
      cancelled = true;
      engine?.flush();
      engine?.dispose();
    };
  }, [sessionId, isLoggedIn, reloadKey, key]);

  const engine = load.status === 'ready' ? load.engine : null;

  // Back online: save at once. Page hidden or closed: keep a copy and send what is left.
  useEffect(() => {
    if (!engine) return;
    const online = () => engine.retryNow();
    const hide = () => engine.flush();
    window.addEventListener('online', online);
    window.addEventListener('pagehide', hide);
    window.addEventListener('beforeunload', hide);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('pagehide', hide);
      window.removeEventListener('beforeunload', hide);
    };
  }, [engine]);

  const setMeta = useCallback((patch: Partial<BookMeta>) => {
    setLoaded((current) =>
      current && current.load.status === 'ready'
        ? { ...current, load: { ...current.load, meta: { ...current.load.meta, ...patch } } }
        : current,
    );
  }, []);

  const [attributeConflicts, setAttributeConflicts] = useState<MergeConflict[]>([]);

  /**
   * Saves the title, introduction or summary from the value it started from; resolves false when the
   * server refused it. Changed elsewhere meanwhile (409): the two edits are merged; when both changed
   * the text, the local one stays and the author chooses in the conflict dialog — nothing is lost.
   */
  const saveAttribute = useCallback(
    async (attribute: BookAttribute, value: string, previous: string): Promise<boolean> => {
      const trial = safeTrial();
      let [next, base] = [value, previous];
      for (;;) {
        setMeta({ [attribute]: next });
        if (trial && trial.id === sessionId) writeTrialSession({ ...trial, [attribute]: next });
        try {
          await updateBookAttribute(sessionId, attribute, next, base);
          return true;
        } catch (error) {
          const server = await attributeConflictValue(error);
          if (server === null) break;
          const merged = mergeText(base, next, server);
          if (merged.conflict) {
            setAttributeConflicts((list) => [
              ...list.filter((c) => c.field !== attribute),
              { id: attribute, field: attribute, local: next, server },
            ]);
            return true;
          }
          [next, base] = [merged.value, server];
        }
      }
      if (trial && trial.id === sessionId) return true; // a guest's copy is kept in the browser
      setMeta({ [attribute]: previous });
      return false;
    },
    [sessionId, setMeta],
  );

  /** The author's choice for a title, introduction or summary changed in two places. */
  const resolveAttributeConflict = useCallback(
    (conflict: MergeConflict, value: string) => {
      setAttributeConflicts((list) => list.filter((c) => c.id !== conflict.id));
      void saveAttribute(conflict.field as BookAttribute, value, conflict.server);
    },
    [saveAttribute],
  );

  return { load, setMeta, saveAttribute, attributeConflicts, resolveAttributeConflict };
}

const idle: SyncState | null = null;
const noop = () => () => undefined;

/** The live state of the sync engine (checkpoint, save status, conflicts). */
export function useSyncState(engine: SyncEngine | null): SyncState | null {
  return useSyncExternalStore(engine ? engine.subscribe : noop, engine ? engine.getState : () => idle);
}
