import { describe, expect, it, vi } from 'vitest';
import type { CheckpointData } from '@common/schemas/session';
import { SyncEngine, type SaveOutcome } from './sync-engine';
import { updateQuestion } from './checkpoint-ops';

function book(): CheckpointData {
  return {
    data: [1, 2].map((id) => ({ id, name: `C${id}`, questions: [{ id: id * 10, name: 'Q', transcript: '', question_category_id: id }], generated_content: '', generated_count: 0 })),
    lookups: { survey_questions: [] },
    general_category_id: 1,
    category_based_type_ids: [],
    services_with_plans: [],
  };
}

/** A fake server holding one version-checked copy. */
function fakeServer(initial: CheckpointData) {
  const server = { checkpoint: initial, version: 1, online: true, saves: 0 };
  const save = vi.fn(async ({ checkpoint, version }: { checkpoint: CheckpointData; version: number }): Promise<SaveOutcome> => {
    if (!server.online) return { kind: 'retry' };
    if (version !== server.version) return { kind: 'conflict', server: { checkpoint: server.checkpoint, version: server.version } };
    server.saves += 1;
    server.checkpoint = structuredClone(checkpoint);
    server.version += 1;
    return { kind: 'ok', version: server.version };
  });
  return { server, transport: { save } };
}

describe('SyncEngine', () => {
  it('debounces edits into one save and reports saved', async () => {
    vi.useFakeTimers();
    const { server, transport } = fakeServer(book());
    const engine = new SyncEngine({ base: { checkpoint: server.checkpoint, version: 1 }, transport, debounceMs: 100 });
    engine.update((c) => updateQuestion(c, 1, 10, { transcript: 'a' }));
    engine.update((c) => updateQuestion(c, 1, 10, { transcript: 'ab' }));
    expect(engine.getState().status).toBe('saving');
    await vi.advanceTimersByTimeAsync(150);
    expect(transport.save).toHaveBeenCalledTimes(1);
    expect(server.checkpoint.data[0].questions[0].transcript).toBe('ab');
    expect(engine.getState()).toMatchObject({ status: 'saved', version: 2 });
    vi.useRealTimers();
  });

  it('merges two tabs editing different chapters; both edits survive', async () => {
    vi.useFakeTimers();
    const { server, transport } = fakeServer(book());
    const a = new SyncEngine({ base: { checkpoint: server.checkpoint, version: 1 }, transport, debounceMs: 100 });
    const b = new SyncEngine({ base: { checkpoint: server.checkpoint, version: 1 }, transport, debounceMs: 100 });
    a.update((c) => updateQuestion(c, 1, 10, { transcript: 'from A' }));
    b.update((c) => updateQuestion(c, 2, 20, { transcript: 'from B' }));
    await vi.advanceTimersByTimeAsync(500);
    expect(server.checkpoint.data[0].questions[0].transcript).toBe('from A');
    expect(server.checkpoint.data[1].questions[0].transcript).toBe('from B');
    expect(b.getState().conflicts).toEqual([]);
    vi.useRealTimers();
  });

  it('keeps both texts of a true conflict and saves the choice', async () => {
    vi.useFakeTimers();
    const { server, transport } = fakeServer(book());
    const a = new SyncEngine({ base: { checkpoint: server.checkpoint, version: 1 }, transport, debounceMs: 100 });
    const b = new SyncEngine({ base: { checkpoint: server.checkpoint, version: 1 }, transport, debounceMs: 100 });
    a.update((c) => updateQuestion(c, 1, 10, { transcript: 'A text' }));
    await vi.advanceTimersByTimeAsync(200);
    b.update((c) => updateQuestion(c, 1, 10, { transcript: 'B text' }));
    await vi.advanceTimersByTimeAsync(500);
    const [conflict] = b.getState().conflicts;
    expect(conflict).toMatchObject({ local: 'B text', server: 'A text' });
    b.resolve(conflict, 'A text\n\nB text');
    await vi.advanceTimersByTimeAsync(500);
    expect(server.checkpoint.data[0].questions[0].transcript).toBe('A text\n\nB text');
    expect(b.getState().conflicts).toEqual([]);
    vi.useRealTimers();
  });

  it('goes offline, retries with backoff, and saves once back', async () => {
    vi.useFakeTimers();
    const { server, transport } = fakeServer(book());
    server.online = false;
    const persisted: unknown[] = [];
    const engine = new SyncEngine({ base: { checkpoint: server.checkpoint, version: 1 }, transport, debounceMs: 100, persist: (d) => persisted.push(d) });
    engine.update((c) => updateQuestion(c, 1, 10, { transcript: 'offline words' }));
    await vi.advanceTimersByTimeAsync(200);
    expect(engine.getState().status).toBe('offline');
    await vi.advanceTimersByTimeAsync(3100);
    expect(transport.save.mock.calls.length).toBeGreaterThanOrEqual(3);
    expect(persisted.at(-1)).toMatchObject({ base_version: 1 });
    server.online = true;
    engine.retryNow();
    await vi.advanceTimersByTimeAsync(10);
    expect(engine.getState().status).toBe('saved');
    expect(server.checkpoint.data[0].questions[0].transcript).toBe('offline words');
    expect(persisted.at(-1)).toBeNull();
    vi.useRealTimers();
  });

  it('restores a draft left by a closed tab, merged onto a newer server copy', async () => {
    vi.useFakeTimers();
    const { server, transport } = fakeServer(book());
    const base = structuredClone(server.checkpoint);
    const draftCopy = updateQuestion(base, 1, 10, { transcript: 'unsent' });
    server.checkpoint = updateQuestion(server.checkpoint, 2, 20, { transcript: 'other device' });
    server.version = 3;
    const engine = new SyncEngine({ base: { checkpoint: server.checkpoint, version: 3 }, draft: { base_version: 1, base, checkpoint: draftCopy }, transport, debounceMs: 100 });
    await vi.advanceTimersByTimeAsync(50);
    expect(server.checkpoint.data.map((c) => c.questions[0].transcript)).toEqual(['unsent', 'other device']);
    expect(engine.getState().status).toBe('saved');
    vi.useRealTimers();
  });
});
