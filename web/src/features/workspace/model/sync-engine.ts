import type { CheckpointData } from '@common/schemas/session';
import { mergeCheckpoints, resolveConflict, sameWriting, type MergeConflict } from './merge';

/**
 * Keeps one book safe while the author types (spec section 4, DESIGN "Books"): every change is
 * written at once to the browser (draft), then sent 100 ms later with the version it was based on.
 * A stale save (409) is merged chapter by chapter and sent again; true conflicts are kept for the
 * author to settle. Network failures retry with backoff; the last change is flushed on page hide.
 */
export type SaveStatus = 'saved' | 'saving' | 'offline' | 'error';

export interface ServerCopy {
  checkpoint: CheckpointData;
  version: number;
}

export type SaveOutcome =
  | { kind: 'ok'; version: number }
  | { kind: 'conflict'; server: ServerCopy & Record<string, unknown> }
  | { kind: 'retry' }
  | { kind: 'fatal'; message?: string };

/** A copy to store on `version`, whose server copy is `base` (so the transport may send only what changed). */
export interface SaveBody {
  checkpoint: CheckpointData;
  version: number;
  base: CheckpointData;
}

export interface SyncTransport {
  save(body: SaveBody): Promise<SaveOutcome>;
  /** Best effort while the page goes away (fetch keepalive). */
  flush?(body: SaveBody): void;
}

export interface Draft {
  base_version: number;
  base: CheckpointData;
  checkpoint: CheckpointData;
  /** Copies sent on `base_version` with no answer yet: if the server holds one, it is this tab's own save. */
  sent?: CheckpointData[];
}

export interface SyncOptions {
  base: ServerCopy;
  /** Unsaved local copy to start from (a draft left by a closed tab), merged onto the base. */
  draft?: Draft | null;
  transport: SyncTransport | null;
  /** Called after every change and every acknowledged save: keep a copy in the browser. */
  persist?: (draft: Draft | null, current: CheckpointData, version: number) => void;
  onServerCopy?: (server: Record<string, unknown>) => void;
  onFatal?: (message?: string) => void;
  debounceMs: number;
  maxBackoffMs?: number;
  timers?: { set: (fn: () => void, ms: number) => unknown; clear: (id: unknown) => void };
}

export interface SyncState {
  checkpoint: CheckpointData;
  version: number;
  status: SaveStatus;
  conflicts: MergeConflict[];
  /** The other version's chapters, to take their paragraphs when the author picks them. */
  serverCheckpoint: CheckpointData | null;
}

export class SyncEngine {
  private base: ServerCopy;
  private state: SyncState;
  private listeners = new Set<() => void>();
  private timer: unknown = null;
  private inFlight = false;
  private again = false;
  private backoff: number;
  /**
   * Copies this tab sent on the current base version without learning whether they were stored (a
   * save whose answer was lost, a keepalive flush): when a 409 shows one of them, it is our own save.
   */
  private unanswered: CheckpointData[] = [];
  private readonly timers;
  private disposed = false;

  constructor(private readonly options: SyncOptions) {
    this.timers = options.timers ?? {
      set: (fn: () => void, ms: number) => setTimeout(fn, ms),
      clear: (id: unknown) => clearTimeout(id as ReturnType<typeof setTimeout>),
    };
    this.backoff = 1000;
    this.base = options.base;
    let checkpoint = options.base.checkpoint;
    let conflicts: MergeConflict[] = [];
    const draft = options.draft;
    if (draft) {
      if (draft.base_version === options.base.version) checkpoint = draft.checkpoint;
      else {
        // The page may have gone while a save was on its way: the server then holds our own copy.
        const own = [...(draft.sent ?? [])].reverse().find((copy) => sameWriting(copy, options.base.checkpoint));
        ({ checkpoint, conflicts } = mergeCheckpoints(own ?? draft.base, draft.checkpoint, options.base.checkpoint));
      }
    }
    this.state = {
      checkpoint,
      version: options.base.version,
      status: 'saved',
      conflicts,
      serverCheckpoint: conflicts.length ? options.base.checkpoint : null,
    };
    if (checkpoint !== options.base.checkpoint) this.schedule(0);
  }

  getState = (): SyncState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get dirty(): boolean {
    return this.state.checkpoint !== this.base.checkpoint;
  }

  private set(patch: Partial<SyncState>) {
    this.state = { ...this.state, ...patch };
    this.listeners.forEach((l) => l());
  }

  private persist() {
    this.options.persist?.(
      this.dirty
        ? {
            base_version: this.base.version,
            base: this.base.checkpoint,
            checkpoint: this.state.checkpoint,
            ...(this.unanswered.length ? { sent: this.unanswered.slice(-2) } : {}),
          }
        : null,
      this.state.checkpoint,
      this.base.version,
    );
  }

  /** Applies an edit: kept in the browser at once, sent to the server shortly after. */
  update = (edit: (checkpoint: CheckpointData) => CheckpointData): void => {
    const next = edit(this.state.checkpoint);
    if (next === this.state.checkpoint) return;
    this.set({ checkpoint: next, status: this.options.transport ? (this.state.status === 'offline' ? 'offline' : 'saving') : 'saved' });
    this.persist();
    this.schedule(this.options.debounceMs);
  };

  /**
   * A change the server wrote itself (a generated chapter) at `version`: applied to the base and to
   * the author's copy, so it is neither sent again nor mistaken for a conflict by the next save.
   */
  applyServerWrite = (edit: (checkpoint: CheckpointData) => CheckpointData, version: number): void => {
    if (version <= this.base.version) {
      this.update(edit);
      return;
    }
    const wasDirty = this.dirty;
    this.base = { checkpoint: edit(this.base.checkpoint), version };
    this.unanswered = [];
    const checkpoint = wasDirty ? edit(this.state.checkpoint) : this.base.checkpoint;
    this.set({ checkpoint, version });
    this.persist();
    if (this.dirty) this.schedule(this.options.debounceMs);
  };

  /** The author's choice for a conflict: the text to keep. */
  resolve = (conflict: MergeConflict, value: string): void => {
    const serverChapter = this.state.serverCheckpoint?.data.find((c) => c.id === conflict.chapterId);
    const conflicts = this.state.conflicts.filter((c) => c.id !== conflict.id);
    this.set({ conflicts, serverCheckpoint: conflicts.length ? this.state.serverCheckpoint : null });
    this.update((checkpoint) => resolveConflict(checkpoint, conflict, value, serverChapter));
  };

  private schedule(ms: number) {
    if (!this.options.transport || this.disposed) return;
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = this.timers.set(() => {
      this.timer = null;
      void this.save();
    }, ms);
  }

  /** Sends the current copy now (used by the timer, by "online", and before a download). */
  save = async (): Promise<void> => {
    const transport = this.options.transport;
    if (!transport || this.disposed) return;
    if (this.inFlight) {
      this.again = true;
      return;
    }
    if (!this.dirty) {
      if (this.state.status !== 'saved') this.set({ status: 'saved' });
      return;
    }
    const sent = this.state.checkpoint;
    this.inFlight = true;
    if (this.state.status !== 'offline') this.set({ status: 'saving' });
    let outcome: SaveOutcome;
    this.remember(sent);
    try {
      outcome = await transport.save({ checkpoint: sent, version: this.base.version, base: this.base.checkpoint });
    } catch {
      outcome = { kind: 'retry' };
    }
    this.inFlight = false;
    if (this.disposed) return;
    switch (outcome.kind) {
      case 'ok':
        // A server write answered meanwhile (a generated chapter) is newer than this save: keep it as the base.
        if (outcome.version < this.base.version) {
          this.set({ status: this.dirty ? 'saving' : 'saved' });
          if (this.dirty || this.again) this.schedule(0);
          break;
        }
        this.base = { checkpoint: sent, version: outcome.version };
        this.unanswered = [];
        this.backoff = 1000;
        this.set({ version: outcome.version, status: this.dirty ? 'saving' : 'saved' });
        this.persist();
        if (this.dirty || this.again) this.schedule(0);
        break;
      case 'conflict': {
        const server = outcome.server;
        // The server may hold a copy this tab sent itself (its answer lost, or a keepalive flush):
        // then that copy is the common base, and nothing this tab typed since can conflict with it.
        const own = [...this.unanswered].reverse().find((copy) => sameWriting(copy, server.checkpoint));
        const merged = mergeCheckpoints(own ?? this.base.checkpoint, this.state.checkpoint, server.checkpoint);
        this.unanswered = [];
        this.base = { checkpoint: server.checkpoint, version: server.version };
        const conflicts = [...this.state.conflicts.filter((c) => !merged.conflicts.some((m) => m.id === c.id)), ...merged.conflicts];
        this.set({
          checkpoint: merged.checkpoint,
          version: server.version,
          conflicts,
          serverCheckpoint: conflicts.length ? server.checkpoint : null,
          status: 'saving',
        });
        this.options.onServerCopy?.(server);
        this.persist();
        this.schedule(0);
        break;
      }
      case 'retry':
        this.set({ status: 'offline' });
        this.schedule(this.backoff);
        this.backoff = Math.min(this.backoff * 2, this.options.maxBackoffMs ?? 30_000);
        break;
      case 'fatal':
        this.set({ status: 'error' });
        this.options.onFatal?.(outcome.message);
        break;
    }
    this.again = false;
  };

  /** Back online: try at once instead of waiting for the backoff. */
  retryNow = (): void => {
    this.backoff = 1000;
    if (this.dirty) this.schedule(0);
  };

  /** The page is going away: send what is not saved yet, without waiting for an answer. */
  flush = (): void => {
    const send = this.dirty && this.options.transport?.flush;
    if (send) this.remember(this.state.checkpoint);
    this.persist();
    if (send) this.options.transport!.flush!({ checkpoint: this.state.checkpoint, version: this.base.version, base: this.base.checkpoint });
  };

  private remember(copy: CheckpointData) {
    if (this.unanswered.at(-1) !== copy) this.unanswered = [...this.unanswered, copy].slice(-8);
  }

  dispose = (): void => {
    this.disposed = true;
    if (this.timer !== null) this.timers.clear(this.timer);
  };
}
