// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseCheckpoint } from '../../../../../server/src/books/repository';
import { createBook } from '../../../../../server/test/helpers';
import { startApiServer } from '../../../../test/api-server';
import { writeTrialSession } from '../../../lib/trial-session';
import { attributeConflictValue, updateBookAttribute } from './book-calls';
import { upsertTransport } from './upsert-session';

/**
 * The two 409s the workspace merges, read through their declared schemas (VersionConflictSchema,
 * AttributeConflictSchema) from the real server's answers: a guest's book, its token sent by `call()`.
 */
const originalFetch = globalThis.fetch;
let api: Awaited<ReturnType<typeof startApiServer>>;
let book: Awaited<ReturnType<typeof createBook>>;
beforeAll(async () => {
  api = await startApiServer();
  const guestToken = 'conflicts-test-guest-token-0123456789';
  book = await createBook(api.app, { guestToken }, { paid: true, bookName: 'My life' });
  writeTrialSession({
    id: book.id,
    guest_token: guestToken,
    book_name: 'My life',
    is_payed: true,
    introduction: '',
    book_summary: '',
    checkpoint_data: parseCheckpoint(book),
    version: book.version,
    updated_at: book.updated_at,
  });
});
afterAll(() => api.close());

describe('the workspace’s conflict answers', () => {
  it('a stale save comes back as the stored book to merge (409), whether it carried one chapter or the whole book', async () => {
    const paths: string[] = [];
    // which call went out: the real fetch, watched
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      paths.push(new URL(String(input)).pathname);
      return originalFetch(input, init);
    });
    const transport = upsertTransport(book.id);
    const checkpoint = parseCheckpoint(book);
    const renamed = { ...checkpoint, data: checkpoint.data.map((c, i) => (i === 0 ? { ...c, name: 'Childhood' } : c)) };
    // one chapter changed since the server's copy: that chapter alone is sent
    const first = await transport.save({ checkpoint: renamed, version: book.version, base: checkpoint });
    expect(first).toEqual({ kind: 'ok', version: book.version + 1 });
    expect(paths).toEqual(['/api/upSertChapter']);
    const staleChapter = await transport.save({ checkpoint, version: book.version, base: renamed });
    // more than one chapter changed: the whole book is sent
    const both = { ...checkpoint, data: checkpoint.data.map((c) => ({ ...c, name: `${c.name}!` })) };
    const staleBook = await transport.save({ checkpoint: both, version: book.version, base: checkpoint });
    expect(paths).toEqual(['/api/upSertChapter', '/api/upSertChapter', '/api/upSertSession']);
    fetchSpy.mockRestore();
    for (const stale of [staleChapter, staleBook]) {
      expect(stale.kind).toBe('conflict');
      if (stale.kind !== 'conflict') return;
      expect(stale.server.version).toBe(book.version + 1);
      expect(stale.server.checkpoint.data[0].name).toBe('Childhood');
    }
  });

  it('a title changed elsewhere comes back as the stored value (updateBookAttribute 409)', async () => {
    await updateBookAttribute(book.id, 'book_name', 'Seaside years', 'My life');
    const refused = await updateBookAttribute(book.id, 'book_name', 'Harbour days', 'My life').catch((error: unknown) => error);
    expect(await attributeConflictValue(refused)).toBe('Seaside years');
  });
});
