import { describe, expect, it, vi } from 'vitest';
import type { CheckpointData } from '@common/schemas/session';
import { SyncEngine, type Draft, type SaveOutcome } from './sync-engine';
import { updateChapter, updateQuestion } from './checkpoint-ops';

function book(): CheckpointData {
  return {
    data: [1, 2].map((id) => ({
      id,
      name: `C${id}`,
      questions: [{ id: id * 10, name: 'Q', transcript: '', question_category_id: id }],
      generated_content: '',
      generated_count: 0,
    })),
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
  it('applies a chapter the server wrote at its version: no second write, the next save accepted without a conflict', async () => {
    vi.useFakeTimers();
    const { server, transport } = fakeServer(book());
    const engine = new SyncEngine({ base: { checkpoint: server.checkpoint, version: 1 }, transport, debounceMs: 100 });
    // The server writes the chapter (its own version step) and answers with the new version.
    const written = (c: CheckpointData) => updateChapter(c, 1, { generated_content: 'Written.', generated_count: 1 });
    server.checkpoint = written(server.checkpoint);
    server.version += 1;
    engine.applyServerWrite(written, server.version);
    await vi.advanceTimersByTimeAsync(500);
    expect(transport.save).not.toHaveBeenCalled();
    expect(engine.getState()).toMatchObject({ status: 'saved', version: 2 });
    engine.update((c) => updateQuestion(c, 2, 20, { transcript: 'next' }));
    await vi.advanceTimersByTimeAsync(500);
    expect(transport.save).toHaveBeenCalledTimes(1);
    await expect(transport.save.mock.results[0].value).resolves.toEqual({ kind: 'ok', version: 3 });
    expect(server.checkpoint.data[0].generated_content).toBe('Written.');
    expect(server.checkpoint.data[1].questions[0].transcript).toBe('next');
    vi.useRealTimers();
  });

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
    const engine = new SyncEngine({
      base: { checkpoint: server.checkpoint, version: 1 },
      transport,
      debounceMs: 100,
      persist: (d) => persisted.push(d),
    });
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
    const engine = new SyncEngine({
      base: { checkpoint: server.checkpoint, version: 3 },
      draft: { base_version: 1, base, checkpoint: draftCopy },
      transport,
      debounceMs: 100,
    });
    await vi.advanceTimersByTimeAsync(50);
    expect(server.checkpoint.data.map((c) => c.questions[0].transcript)).toEqual(['unsent', 'other device']);
    expect(engine.getState().status).toBe('saved');
    vi.useRealTimers();
  });

  it('does not conflict when the server stored the same generated chapter a second earlier (version moved on)', async () => {
    vi.useFakeTimers();
    const { server, transport } = fakeServer(book());
    const engine = new SyncEngine({ base: { checkpoint: server.checkpoint, version: 1 }, transport, debounceMs: 100 });
    const generated = {
      generated_content: 'Rosa sang.',
      generated_content_json: '[{"text":"Rosa sang."}]',
      summary: 'Rosa',
      generated_count: 1,
    };
    // The generation call saves the answers and then the chapter on the server: two versions this tab never saw.
    server.checkpoint = updateChapter(server.checkpoint, 1, { ...generated, submitted_at: '2025-01-01 12:00:00' });
    server.version = 3;
    engine.update((c) => updateChapter(c, 1, { ...generated, submitted_at: '2025-01-01 12:00:01' }));
    await vi.advanceTimersByTimeAsync(500);
    expect(engine.getState().conflicts).toEqual([]);
    expect(engine.getState()).toMatchObject({ status: 'saved', version: 4 });
    expect(server.checkpoint.data[0].generated_content).toBe('Rosa sang.');
    vi.useRealTimers();
  });

  it('never conflicts with its own earlier save whose answer was lost, after the next edit', async () => {
    vi.useFakeTimers();
    const { server, transport } = fakeServer(book());
    const engine = new SyncEngine({ base: { checkpoint: server.checkpoint, version: 1 }, transport, debounceMs: 100 });
    // The first save is stored, but its answer never arrives (timeout, dropped connection): the tab retries.
    let release: () => void = () => undefined;
    transport.save.mockImplementationOnce(async ({ checkpoint }) => {
      server.checkpoint = structuredClone(checkpoint);
      server.version += 1;
      await new Promise<void>((resolve) => (release = resolve));
      return { kind: 'retry' };
    });
    engine.update((c) => updateQuestion(c, 1, 10, { transcript: 'Rosa was born' }));
    await vi.advanceTimersByTimeAsync(150);
    // The author keeps typing in the same answer while that save is in flight.
    engine.update((c) => updateQuestion(c, 1, 10, { transcript: 'Rosa was born in Naples.' }));
    await vi.advanceTimersByTimeAsync(150);
    release();
    await vi.advanceTimersByTimeAsync(5000);
    expect(engine.getState().conflicts).toEqual([]);
    expect(engine.getState().status).toBe('saved');
    expect(server.checkpoint.data[0].questions[0].transcript).toBe('Rosa was born in Naples.');
    expect(engine.getState().version).toBe(server.version);
    vi.useRealTimers();
  });

  it('never conflicts with its own keepalive flush', async () => {
    vi.useFakeTimers();
    const { server, transport } = fakeServer(book());
    const flush = vi.fn((body: { checkpoint: CheckpointData; version: number }) => void transport.save(body));
    const engine = new SyncEngine({
      base: { checkpoint: server.checkpoint, version: 1 },
      transport: { ...transport, flush },
      debounceMs: 100,
    });
    engine.update((c) => updateQuestion(c, 1, 10, { transcript: 'Rosa' }));
    engine.flush(); // e.g. beforeunload for a download link: the page stays
    engine.update((c) => updateQuestion(c, 1, 10, { transcript: 'Rosa sang' }));
    await vi.advanceTimersByTimeAsync(500);
    expect(flush).toHaveBeenCalledTimes(1);
    expect(engine.getState().conflicts).toEqual([]);
    expect(server.checkpoint.data[0].questions[0].transcript).toBe('Rosa sang');
    vi.useRealTimers();
  });

  it('a page closed while its save was on the way does not conflict with that save once reopened', async () => {
    vi.useFakeTimers();
    const { server, transport } = fakeServer(book());
    const drafts: unknown[] = [];
    transport.save.mockImplementationOnce(async ({ checkpoint }) => {
      server.checkpoint = structuredClone(checkpoint); // stored, but the page is gone before the answer
      server.version += 1;
      return new Promise<SaveOutcome>(() => undefined);
    });
    const first = new SyncEngine({
      base: { checkpoint: server.checkpoint, version: 1 },
      transport,
      debounceMs: 100,
      persist: (d) => drafts.push(d),
    });
    first.update((c) => updateQuestion(c, 1, 10, { transcript: 'Rosa was born' }));
    await vi.advanceTimersByTimeAsync(150);
    first.update((c) => updateQuestion(c, 1, 10, { transcript: 'Rosa was born in Naples.' }));
    first.dispose(); // closed before the next save (and without a keepalive)
    const draft = drafts.at(-1) as Draft;
    const reopened = new SyncEngine({
      base: { checkpoint: server.checkpoint, version: server.version },
      draft,
      transport,
      debounceMs: 100,
    });
    expect(reopened.getState().conflicts).toEqual([]);
    await vi.advanceTimersByTimeAsync(200);
    expect(server.checkpoint.data[0].questions[0].transcript).toBe('Rosa was born in Naples.');
    vi.useRealTimers();
  });
});
