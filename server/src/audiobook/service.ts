import { createHash } from 'node:crypto';
import type NodeID3 from 'node-id3';
import { LANGUAGES, type Language } from '@common/constants';
import { audiobookSections, charactersNeeded, type AudiobookSection } from '@common/rules/audiobook';
import { audiobookPrice, formatPrice, toCents } from '@common/rules/prices';
import type { AudiobookState, AudiobookStatus } from '@common/schemas/audiobook';
import { COVER_IMAGE_KEY } from '@common/schemas/workspace';
import type { AppContext } from '../app';
import { sessionFileKey } from '../books/files';
import { findSessionRow, parseCheckpoint, type SessionRow } from '../books/repository';
import type { Selectable } from 'kysely';
import type { AudiobooksTable } from '../db/schema';
import { bookLabels, buildBookContent } from '../exports/book';
import { AppError, paymentRequired, notFound, badRequest, conflict } from '../http/errors';
import type { JobHandler } from '../jobs/queue';
import { composeMail } from '../providers/mail/templates';
import type { Mailer } from '../providers/mail';
import { VoiceProviderError, voiceFailureKey, speakSection } from '../providers/voices/cloned';
import { readSectionInWorker } from './pool';
import { newestVoiceModel, providerOfModel } from './voice-models';

/** The audiobook (issue 13, docs/audiobook.md): what is read, its price, and the job that makes it. */

export const AUDIOBOOK_JOB = 'audiobook';
export const AUDIOBOOK_CURRENCY = 'EUR';
type AudiobookRow = Selectable<AudiobooksTable>;
interface StoredFile {
  chapter: number;
  title: string;
  duration_ms: number;
  bytes: number;
}

export const bookLanguageOf = (row: SessionRow): Language => {
  const value = parseCheckpoint(row).language ?? row.language;
  return (LANGUAGES as readonly string[]).includes(value) ? (value as Language) : 'en';
};

/** What the audiobook of a book reads: the book file's own text (title, introduction, chapters, summary). */
export function bookSections(ctx: Pick<AppContext, 'translate'>, row: SessionRow): { sections: AudiobookSection[]; language: Language } {
  const language = bookLanguageOf(row);
  const content = buildBookContent(
    {
      book_name: row.book_name,
      introduction: row.introduction,
      book_summary: row.book_summary,
      language,
      checkpoint: parseCheckpoint(row),
      author: '',
    },
    new Map(),
    bookLabels(ctx.translate, language),
  );
  const sections = audiobookSections(content);
  return { sections, language };
}

/** checkAudiobookQuota: the characters read aloud and their price, both from the server's copy of the book. */
export function quotaOf(ctx: Pick<AppContext, 'translate'>, row: SessionRow) {
  const characters = charactersNeeded(bookSections(ctx, row).sections);
  return { characters_needed: characters, price: audiobookPrice(characters), currency: AUDIOBOOK_CURRENCY };
}

/** The newest finished audiobook of a book that recorded what it read (the base of a regeneration). */
const lastMade = (ctx: Pick<AppContext, 'db'>, sessionId: number, before?: number) => {
  let query = ctx.db
    .selectFrom('audiobooks')
    .selectAll()
    .where('service_session_id', '=', sessionId)
    .where('state', '=', 'done')
    .where('chapter_hashes', 'is not', null);
  if (before !== undefined) query = query.where('id', '<', before);
  return query.orderBy('id', 'desc').limit(1).executeTakeFirst();
};
const hashesOf = (audiobook: AudiobookRow | undefined): string[] =>
  audiobook?.chapter_hashes ? (JSON.parse(audiobook.chapter_hashes) as string[]) : [];

/**
 * checkAudiobookQuota as charged: a first audiobook reads everything; once one is made, editing the
 * book offers a new one at the price of the sections that changed (new ones included) — the others
 * are taken over from the made one.
 */
export async function chargedQuota(ctx: Pick<AppContext, 'translate' | 'db'>, row: SessionRow) {
  const made = await lastMade(ctx, row.id);
  const { sections } = bookSections(ctx, row);
  const hashes = hashesOf(made);
  const changed = made
    ? sections.map((section, index) => (hashes[index] === sectionHash(section) ? -1 : index)).filter((index) => index >= 0)
    : null;
  const characters = charactersNeeded(changed ? changed.map((index) => sections[index]) : sections);
  const gift = await giftCredit(ctx.db, row.id);
  const giftCharacters = Math.min(characters, gift?.audiobook_characters ?? 0);
  return {
    characters_needed: characters,
    price: audiobookPrice(characters - giftCharacters),
    currency: AUDIOBOOK_CURRENCY,
    changed_chapters: changed,
    gift_characters: giftCharacters,
  };
}

/**
 * The audiobook credit of a book: a gift card redeemed on it whose plan includes an audiobook, not
 * voided (refunded) and not yet carried by an audiobook.
 */
export function giftCredit(db: AppContext['db'], sessionId: number) {
  return db
    .selectFrom('gift_cards')
    .innerJoin('plans', 'plans.id', 'gift_cards.plan_id')
    .leftJoin('audiobooks', 'audiobooks.gift_card_id', 'gift_cards.id')
    .select(['gift_cards.id', 'plans.audiobook_characters'])
    .where('gift_cards.redeemed_session_id', '=', sessionId)
    .where('gift_cards.voided_at', 'is', null)
    .where('plans.audiobook_characters', 'is not', null)
    .where('audiobooks.id', 'is', null)
    .orderBy('gift_cards.id')
    .limit(1)
    .executeTakeFirst();
}

/** A gift that pays the whole reading: nothing is left to charge (a few characters beyond it round to 0 too). */
const coveredByGift = (quota: { gift_characters: number; price: number }) => quota.gift_characters > 0 && toCents(quota.price) === 0;

/** The amount to charge: the server's price; a different price from the browser is refused (409 with the right one). */
export async function audiobookAmountCents(
  ctx: Pick<AppContext, 'translate' | 'db'>,
  row: SessionRow,
  claimedPrice: number,
  lng: Language,
): Promise<number> {
  const quota = await chargedQuota(ctx, row);
  if (quota.changed_chapters?.length === 0) throw badRequest('audiobook.unchanged');
  if (coveredByGift(quota)) throw conflict('audiobook.covered_by_gift');
  // under half a cent (a few characters) there is nothing to charge: no order of 0 may be placed
  if (toCents(quota.price) === 0) throw badRequest('audiobook.empty');
  if (toCents(claimedPrice) !== toCents(quota.price))
    throw new AppError(409, 'audiobook.price_changed', { price: formatPrice(quota.price, lng, quota.currency) }, { price: quota.price });
  return toCents(quota.price);
}

export const newestAudiobook = (ctx: Pick<AppContext, 'db'>, sessionId: number) =>
  ctx.db.selectFrom('audiobooks').selectAll().where('service_session_id', '=', sessionId).orderBy('id', 'desc').limit(1).executeTakeFirst();

/** An audiobook paid and not yet made (or failed): the next one must not be charged again. */
export const isUnusedPayment = (audiobook: AudiobookRow | undefined) => audiobook?.state === 'paid' || audiobook?.state === 'failed';

/** The page that plays a book's audiobook (opened in a new window after payment). */
export const audiobookPagePath = (lng: string, sessionId: number) => `/${lng}/audiobook/${sessionId}`;

/**
 * generateAudiobook: queues the paid (or failed) audiobook of a book; asked again while it is being
 * made, or once made, it changes nothing. Refused (402) when nothing is paid for.
 */
export async function startAudiobook(
  ctx: Pick<AppContext, 'db' | 'translate' | 'queue' | 'config'>,
  row: SessionRow,
  lng: string,
): Promise<{ audiobook_url: string; price: number; currency: string }> {
  let audiobook = await newestAudiobook(ctx, row.id);
  const idle = !audiobook || audiobook.state === 'done';
  if (idle && (await payWithGift(ctx, row))) audiobook = await newestAudiobook(ctx, row.id);
  if (!audiobook) throw paymentRequired('audiobook.not_paid');
  const order = audiobook.order_id
    ? await ctx.db.selectFrom('orders').select('amount_cents').where('id', '=', audiobook.order_id).executeTakeFirst()
    : undefined;
  if (isUnusedPayment(audiobook)) {
    const { characters_needed } = quotaOf(ctx, row);
    const at = new Date().toISOString();
    const model = await newestVoiceModel(ctx, row.id);
    const cloned = Boolean(model?.provider_voice_id && providerOfModel(ctx.config, model.provider));
    const moved = await ctx.db
      .updateTable('audiobooks')
      .set({
        state: 'queued',
        progress: 0,
        error: null,
        characters: characters_needed,
        language: bookLanguageOf(row),
        voice_model_id: model ? Number(model.id) : null,
        voice: cloned ? 'cloned' : 'offline',
        updated_at: at,
      })
      .where('id', '=', audiobook.id)
      .where('state', 'in', ['paid', 'failed'])
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 1) await ctx.queue.enqueue(AUDIOBOOK_JOB, audiobook.id);
  }
  return { audiobook_url: audiobookPagePath(lng, row.id), price: (order?.amount_cents ?? 0) / 100, currency: AUDIOBOOK_CURRENCY };
}

/**
 * A gift card that pays for the whole reading of the book is used now: the audiobook is paid without
 * an order. False when there is no such gift (or another request used it first).
 */
async function payWithGift(ctx: Pick<AppContext, 'db' | 'translate'>, row: SessionRow): Promise<boolean> {
  const quota = await chargedQuota(ctx, row);
  if (!coveredByGift(quota) || quota.changed_chapters?.length === 0) return false;
  const gift = await giftCredit(ctx.db, row.id);
  if (!gift) return false;
  const at = new Date().toISOString();
  const inserted = await ctx.db
    .insertInto('audiobooks')
    .values({ ...paidAudiobook(row.id, row.user_id, bookLanguageOf(row), at), gift_card_id: Number(gift.id) })
    .onConflict((oc) => oc.column('gift_card_id').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows) === 1;
}

const paidAudiobook = (sessionId: number, userId: number | null, language: string, at: string) => ({
  service_session_id: sessionId,
  user_id: userId,
  characters: 0,
  state: 'paid',
  progress: 0,
  voice: 'offline',
  language,
  created_at: at,
  updated_at: at,
});

/**
 * What is written in the transaction that marks an audiobook order paid (payments/service.ts); an
 * order for the characters beyond a gift's grant uses the gift too.
 */
export async function grantAudiobook(
  trx: AppContext['db'],
  order: { id: number; service_session_id: number | null; user_id: number | null; language: string },
  at: string,
) {
  const sessionId = order.service_session_id!;
  const gift = await giftCredit(trx, sessionId);
  await trx
    .insertInto('audiobooks')
    .values({
      ...paidAudiobook(sessionId, order.user_id, order.language, at),
      order_id: order.id,
      gift_card_id: gift ? Number(gift.id) : null,
    })
    .execute();
}

const filesOf = (audiobook: AudiobookRow): StoredFile[] => (audiobook.files_json ? (JSON.parse(audiobook.files_json) as StoredFile[]) : []);
const chapterFile = (chapter: number) => `chapter-${String(chapter + 1).padStart(2, '0')}.mp3`;
const audiobookKey = (audiobook: Pick<AudiobookRow, 'id' | 'service_session_id'>, file: string) =>
  sessionFileKey(audiobook.service_session_id, `audiobook/${audiobook.id}/${file}`);

/** GET audiobookStatus/{id}: the newest audiobook of the book, as its owner sees it. */
export async function audiobookStatus(
  ctx: Pick<AppContext, 'db' | 'storage' | 'translate'>,
  row: SessionRow,
  lng: Language,
): Promise<AudiobookStatus> {
  const audiobook = await newestAudiobook(ctx, row.id);
  if (!audiobook) throw notFound('audiobook.none');
  const base = `/api/audiobookFile/${row.id}`;
  const errorCode = audiobook.state === 'failed' && audiobook.error?.startsWith('audiobook.voice_') ? audiobook.error : null;
  const done = audiobook.state === 'done';
  const order = audiobook.order_id
    ? await ctx.db.selectFrom('orders').select('reference').where('id', '=', audiobook.order_id).executeTakeFirst()
    : undefined;
  const hasCover = await ctx.db
    .selectFrom('session_files')
    .select('key')
    .where('session_id', '=', row.id)
    .where('key', '=', COVER_IMAGE_KEY)
    .executeTakeFirst();
  return {
    state: audiobook.state as AudiobookState,
    progress: audiobook.progress,
    files: filesOf(audiobook).map((file) => ({
      chapter: file.chapter,
      title: file.title,
      url: `${base}/${chapterFile(file.chapter)}`,
      duration_ms: file.duration_ms,
    })),
    book_url: done ? `${base}/book.mp3` : null,
    zip_url: done ? `${base}/all-chapters.zip` : null,
    voice: audiobook.voice === 'cloned' ? 'cloned' : 'offline',
    title: row.book_name,
    cover_url: hasCover ? `/api/sessionImage/${row.id}/${COVER_IMAGE_KEY}` : null,
    order: order?.reference ?? null,
    error_code: errorCode,
    error_message: errorCode ? ctx.translate(lng, errorCode) : null,
  };
}

/** A stored file of the newest finished audiobook, or null. */
export async function audiobookFile(ctx: Pick<AppContext, 'db' | 'storage'>, row: SessionRow, file: string): Promise<Buffer | null> {
  const audiobook = await newestAudiobook(ctx, row.id);
  // done: every file; still being made: the chapters already stored
  const ready = audiobook && (audiobook.state === 'done' || filesOf(audiobook).some((f) => chapterFile(f.chapter) === file));
  if (!ready) return null;
  if (file === 'all-chapters.zip') {
    const { default: JSZip } = await import('jszip');
    const zip = new JSZip();
    for (const stored of filesOf(audiobook)) {
      const data = await ctx.storage.get(audiobookKey(audiobook, chapterFile(stored.chapter)));
      if (data) zip.file(`${String(stored.chapter + 1).padStart(2, '0')} - ${stored.title.replace(/[\\/:*?"<>|]/g, ' ')}.mp3`, data);
    }
    return zip.generateAsync({ type: 'nodebuffer', compression: 'STORE' });
  }
  return ctx.storage.get(audiobookKey(audiobook, file));
}

export interface AudiobookJobContext extends Pick<AppContext, 'db' | 'storage' | 'translate' | 'config'> {
  mailer: Mailer;
}

/**
 * The background job that makes an audiobook: each section read in the worker thread and stored as
 * its MP3 (a restarted job skips the sections already stored), then the whole book as one MP3 with
 * ID3 chapter markers (CHAP/CTOC), then the author is e-mailed.
 */
export function audiobookJob(ctx: AudiobookJobContext): JobHandler {
  const update = (
    id: number,
    fields: Partial<Pick<AudiobookRow, 'state' | 'progress' | 'files_json' | 'error' | 'voice' | 'finished_at' | 'chapter_hashes'>>,
  ) =>
    ctx.db
      .updateTable('audiobooks')
      .set({ ...fields, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
  return {
    async run(id, { signal }) {
      const audiobook = await ctx.db.selectFrom('audiobooks').selectAll().where('id', '=', id).executeTakeFirst();
      const row = audiobook && (await findSessionRow(ctx.db, audiobook.service_session_id));
      if (!audiobook || !row) return;
      const { sections, language } = bookSections(ctx, row);
      const files = filesOf(audiobook).filter((file) => file.chapter < sections.length);
      const model = audiobook.voice_model_id
        ? await ctx.db.selectFrom('voice_models').selectAll().where('id', '=', audiobook.voice_model_id).executeTakeFirst()
        : undefined;
      const provider = model?.provider_voice_id ? providerOfModel(ctx.config, model.provider) : null;
      const tune = { pitch: model?.pitch ?? 100, speed: model?.speed ?? 100 };
      const hashes = sections.map(sectionHash);
      await update(id, { state: 'running', chapter_hashes: JSON.stringify(hashes) });
      // a regeneration after edits takes the unchanged sections over from the audiobook made before
      const previous = await lastMade(ctx, audiobook.service_session_id, id);
      const previousHashes = hashesOf(previous);
      const previousFiles = previous ? filesOf(previous) : [];
      for (let chapter = files.length; chapter < sections.length; chapter += 1) {
        const section = sections[chapter];
        let result: { mp3: Buffer; durationMs: number };
        const kept = previous && previousHashes[chapter] === hashes[chapter] ? previousFiles.find((f) => f.chapter === chapter) : undefined;
        const keptMp3 = kept && previous ? await ctx.storage.get(audiobookKey(previous, chapterFile(chapter))) : null;
        if (kept && keptMp3) {
          result = { mp3: keptMp3, durationMs: kept.duration_ms };
        } else if (provider && model?.provider_voice_id) {
          try {
            result = await joinMp3(await speakSection(provider, model.provider_voice_id, section.paragraphs, language, signal));
          } catch (error) {
            // the key of a message the author can read (errors-audiobook.json), shown on the audiobook page
            if (error instanceof VoiceProviderError) throw new Error(voiceFailureKey(error.kind), { cause: error });
            throw error;
          }
        } else {
          result = await readSectionInWorker({ paragraphs: section.paragraphs, language, picoDir: ctx.config.PICO_LANG_DIR, tune }, signal);
        }
        await ctx.storage.put(audiobookKey(audiobook, chapterFile(chapter)), result.mp3, 'audio/mpeg');
        files.push({ chapter, title: section.title, duration_ms: result.durationMs, bytes: result.mp3.length });
        await update(id, { files_json: JSON.stringify(files), progress: Math.floor(((chapter + 1) * 95) / sections.length) });
      }
      await ctx.storage.put(audiobookKey(audiobook, 'book.mp3'), await wholeBook(ctx, audiobook, row.book_name, files), 'audio/mpeg');
      await update(id, { state: 'done', progress: 100, finished_at: new Date().toISOString() });
      await mailReady(ctx, row, audiobook).catch(() => undefined);
    },
    async failed(id, reason) {
      await update(id, { state: 'failed', error: reason });
    },
  };
}

/** The sha-256 of what a section reads (title and paragraphs): a changed chapter has a new hash. */
export const sectionHash = (section: AudiobookSection) =>
  createHash('sha256')
    .update(JSON.stringify([section.title, section.paragraphs]))
    .digest('hex');

/** A cloned voice's MP3 chunks as one chapter, and its length (the chunks' lengths added: each may carry its own header). */
async function joinMp3(chunks: Buffer[]): Promise<{ mp3: Buffer; durationMs: number }> {
  const { parseBuffer } = await import('music-metadata');
  let seconds = 0;
  for (const chunk of chunks) seconds += (await parseBuffer(chunk, { mimeType: 'audio/mpeg' }, { duration: true })).format.duration ?? 0;
  return { mp3: Buffer.concat(chunks), durationMs: Math.round(seconds * 1000) };
}

/** The chapters one after the other (constant bitrate, so they join cleanly) behind an ID3 tag with a chapter marker each. */
async function wholeBook(ctx: Pick<AppContext, 'storage'>, audiobook: AudiobookRow, title: string, files: StoredFile[]): Promise<Buffer> {
  const parts: Buffer[] = [];
  const chapter: NodeID3.Tags['chapter'] = [];
  let at = 0;
  for (const file of files) {
    const data = await ctx.storage.get(audiobookKey(audiobook, chapterFile(file.chapter)));
    if (!data) throw new Error(`audiobook chapter ${file.chapter} is missing`);
    parts.push(data);
    chapter.push({ elementID: `ch${file.chapter + 1}`, startTimeMs: at, endTimeMs: at + file.duration_ms, tags: { title: file.title } });
    at += file.duration_ms;
  }
  const { default: id3 } = await import('node-id3'); // loaded on first use, not at start
  const tag = id3.create({
    title,
    album: title,
    chapter,
    tableOfContents: [{ elementID: 'toc', isOrdered: true, elements: chapter.map((c) => c.elementID), tags: { title } }],
  });
  return Buffer.concat([tag, ...parts]);
}

async function mailReady(ctx: AudiobookJobContext, row: SessionRow, audiobook: AudiobookRow) {
  if (!audiobook.user_id) return;
  const user = await ctx.db.selectFrom('users').select(['email', 'first_name']).where('id', '=', audiobook.user_id).executeTakeFirst();
  if (!user) return;
  const lng = (LANGUAGES as readonly string[]).includes(audiobook.language) ? (audiobook.language as Language) : 'en';
  const link = `${ctx.config.PUBLIC_URL.replace(/\/+$/, '')}${audiobookPagePath(lng, row.id)}`;
  await ctx.mailer.send(
    composeMail(ctx.translate, lng, 'audiobook_ready', user.email, link, { name: user.first_name || user.email, title: row.book_name }),
  );
}
