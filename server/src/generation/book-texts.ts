import type { FastifyRequest } from 'fastify';
import type { BookText, DraftedBookText, TextOrigin } from '@common/schemas/versions';
import { saveBookAttribute } from '../books/attributes';
import { parseCheckpoint, type SessionRow } from '../books/repository';
import type { Db } from '../db';
import { badRequest } from '../http/errors';
import type { FidelityRouter } from '../providers/generation';
import { bookTextInputOf, limitGeneration } from './service';
import { keepBookTextChange } from './versions';

/**
 * 'Draft it' for the introduction or the summary (issue 15). With a writing assistant configured,
 * the model drafts it from the chapters written so far (origin 'generated'). Offline, the summary is
 * assembled from the author's own chapter summaries (origin 'assembled', and the workspace says so);
 * the introduction has no offline draft: it stays the author's to write (400).
 * The draft replaces the current text only if nobody changed it meanwhile (409 with the server's
 * value otherwise), and the replaced text is kept among the versions.
 */
export async function draftBookText(
  db: Db,
  writer: FidelityRouter,
  request: FastifyRequest,
  book: SessionRow,
  text: BookText,
): Promise<DraftedBookText> {
  if (!writer.model && text === 'introduction') throw badRequest('generation.assistant_needed');
  await limitGeneration(db, request, 'chapter');
  const input = bookTextInputOf(book, parseCheckpoint(book));
  if (input.chapters.length === 0) throw badRequest('generation.nothing_to_draft');
  const content = (await writer.writeBookText(input, text)).trim();
  if (!content) throw badRequest('generation.nothing_to_draft');
  const origin: TextOrigin = writer.model ? 'generated' : 'assembled';
  const updated_at = await saveBookAttribute(db, book.id, text, content, book[text]);
  await keepBookTextChange(db, book.id, text, book[text], content, origin);
  return { text, content, origin, updated_at };
}
