import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { workspaceApi } from '@common/api/workspace';
import { successOf } from '@common/schemas/api';
import type { WorkspaceSession } from '@common/schemas/workspace';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { sampleBook } from '../../test/sample-books';
import { deepFreeze } from './frozen';
import { responseSerializerCompiler, storedJson } from './serializer';

const Answer = successOf(
  z.object({
    id: z.number(),
    chapters: z.array(z.object({ name: z.string(), note: z.string().nullable().optional() })),
    owner: z.object({ email: z.string() }).nullable(),
    either: z.union([z.object({ kind: z.literal('a'), a: z.number() }), z.object({ kind: z.literal('b') })]),
    counts: z.partialRecord(z.enum(['introduction', 'book_summary']), z.number()).optional(),
  }),
);

/** What a careless handler returns: the declared fields and secrets beside them at every depth. */
const leaky = {
  success: {
    id: 7,
    password_hash: 'secret-1',
    chapters: [{ name: 'One', note: 'n', guest_token_hash: 'secret-2' }, { name: 'Two' }],
    owner: { email: 'a@example.com', token_hash: 'secret-3' },
    either: { kind: 'a', a: 1, secret: 'secret-4' },
    counts: { introduction: 2 },
  },
  internal: 'secret-5',
};

async function answerOf(checkEveryAnswer: boolean, body: unknown) {
  const app = Fastify();
  app.setSerializerCompiler(responseSerializerCompiler(checkEveryAnswer));
  app.get('/leaky', { schema: { response: { 200: Answer } } }, async () => body);
  const response = await app.inject('/leaky');
  await app.close();
  return response;
}

describe('the response serializer', () => {
  for (const [mode, checkEveryAnswer] of [
    ['production (projection)', false],
    ['test and development (zod checks every answer)', true],
  ] as const) {
    it(`never sends a field the schema does not declare, at any depth: ${mode}`, async () => {
      const response = await answerOf(checkEveryAnswer, leaky);
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toMatch(/secret|password|token|internal/);
      expect(response.json()).toEqual({
        success: {
          id: 7,
          chapters: [{ name: 'One', note: 'n' }, { name: 'Two' }],
          owner: { email: 'a@example.com' },
          either: { kind: 'a', a: 1 },
          counts: { introduction: 2 },
        },
      });
    });
  }

  it('in production answers a value the projection cannot read (a wrong type) as zod does: a 500, nothing of it sent', async () => {
    const response = await answerOf(false, { success: { ...leaky.success, id: 'seven' } });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toMatch(/secret|seven/);
  });

  it("gives getSession's whole answer exactly as zod's check gives it", () => {
    const { checkpoint, book_name } = sampleBook('fr', { chapters: 6, wordsPerChapter: 300, hostile: true });
    const session: WorkspaceSession & Record<string, unknown> = {
      id: 3,
      book_name,
      is_payed: false,
      introduction: 'Intro',
      book_summary: '',
      checkpoint_data: { ...checkpoint, data: checkpoint.data.map((chapter) => ({ ...chapter, stray: 1 })) },
      version: 4,
      updated_at: '2026-11-27T13:00:00.000Z',
      progress: 20,
      images: ['cover_media_photo'],
      unlocked_chapters: [2],
      text_origins: { introduction: 'edited' },
      writing_assistant: false,
      guest_token_hash: 'x',
    };
    const route = { schema: successOf(workspaceApi.getSession.response!), method: 'GET', url: '/getSession/:id' };
    const projected = responseSerializerCompiler(false)(route)({ success: session });
    expect(projected).toBe(zodSerializerCompiler(route)({ success: session }));
    expect(projected).not.toMatch(/stray|guest_token_hash/);
  });

  it("sends a kept (deeply frozen) checkpoint's JSON made once, in place, as zod gives the whole answer; a merely frozen object is projected anew", () => {
    const { checkpoint, book_name } = sampleBook('en', { chapters: 4, wordsPerChapter: 200, hostile: true });
    const kept = deepFreeze({ ...checkpoint, data: checkpoint.data.map((chapter) => ({ ...chapter, stray: 1 })) });
    const session = (checkpoint_data: unknown, version: number) => ({
      success: {
        id: 3,
        book_name,
        is_payed: false,
        introduction: 'Intro',
        book_summary: '',
        checkpoint_data,
        version,
        updated_at: '2026-11-27T13:00:00.000Z',
        progress: 20,
        images: [],
        unlocked_chapters: [],
        writing_assistant: false,
      },
    });
    const route = { schema: successOf(workspaceApi.getSession.response!), method: 'GET', url: '/getSession/:id' };
    const projected = responseSerializerCompiler(false)(route);
    const zod = zodSerializerCompiler(route);
    const stringify = vi.spyOn(JSON, 'stringify');
    const checkpointsStringified = () => stringify.mock.calls.filter(([value]) => (value as { data?: unknown } | null)?.data).length;
    try {
      const first = projected(session(kept, 1));
      expect(checkpointsStringified()).toBe(1);
      // the second answer (another version beside it) reuses the checkpoint's JSON
      const second = projected(session(kept, 2));
      expect(checkpointsStringified()).toBe(1);
      // sent as UTF-8 bytes made once: a string spliced together would be flattened, measured and encoded again for each answer
      expect(Buffer.isBuffer(first) && Buffer.isBuffer(second)).toBe(true);
      expect(first.toString()).toBe(zod(session(kept, 1)));
      expect(second.toString()).toBe(zod(session(kept, 2)));
      expect(second.toString()).not.toMatch(/stray|\\u0000json/);
    } finally {
      stringify.mockRestore();
    }
    // frozen at the top only: what is inside may still change, so it is not kept
    const shallow = Object.freeze({ ...checkpoint, data: checkpoint.data.map((chapter) => ({ ...chapter })) });
    expect(projected(session(shallow, 1))).toBe(zod(session(shallow, 1)));
    shallow.data[0].name = 'Renamed';
    expect(projected(session(shallow, 1))).toContain('"Renamed"');
  });

  it('sends stored JSON as it was stored; in test and development zod checks what it holds', async () => {
    const Listed = successOf(z.array(z.object({ id: z.number(), summary: z.object({ name: z.string() }) })));
    const listed = async (checkEveryAnswer: boolean, json: string) => {
      const app = Fastify();
      app.setSerializerCompiler(responseSerializerCompiler(checkEveryAnswer));
      app.get('/listed', { schema: { response: { 200: Listed } } }, async () => ({
        success: [
          { id: 1, summary: storedJson<{ name: string }>(json) },
          { id: 2, summary: { name: 'Made', extra: 'dropped' } },
        ],
      }));
      const response = await app.inject('/listed');
      await app.close();
      return response;
    };
    const stored = '{"name":"Stored \u00e9t\u00e9 ✓"}';
    for (const checkEveryAnswer of [false, true]) {
      const response = await listed(checkEveryAnswer, stored);
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(`{"success":[{"id":1,"summary":${stored}},{"id":2,"summary":{"name":"Made"}}]}`);
    }
    expect((await listed(true, '{"name":5}')).statusCode).toBe(500);
  });
});
