import type { BookListItem } from '@common/schemas/books';
import { progressPercent } from '@common/rules/progress';
import { deepFreeze } from '../http/frozen';

const EXCERPT_CHARS = 160;

export type ListSummary = BookListItem['checkpoint_data'];

/**
 * What My Books shows of a book's checkpoint (each chapter's id, name and a short excerpt), kept in
 * its own column (`service_sessions.list_summary`) by every checkpoint write, so listing books never
 * parses whole books. Reads the stored JSON leniently: the migration that fills the column runs it
 * on checkpoints written before every save was validated.
 */
export function listSummaryOf(checkpointJson: string, fallbackCategoryId: number): string {
  let checkpoint: unknown = null;
  try {
    checkpoint = JSON.parse(checkpointJson);
  } catch {
    // an unreadable checkpoint lists as a book without chapters
  }
  return listSummaryOfCheckpoint(checkpoint, fallbackCategoryId);
}

/** The same from a checkpoint already in hand (a save: its JSON is not parsed again). */
export function listSummaryOfCheckpoint(value: unknown, fallbackCategoryId: number): string {
  let chapters: Array<{ id?: unknown; name?: unknown; generated_content?: unknown }> = [];
  let generalCategoryId = fallbackCategoryId;
  if (value && typeof value === 'object') {
    const checkpoint = value as { data?: unknown; general_category_id?: unknown };
    const data = checkpoint.data as unknown;
    chapters = Array.isArray(data)
      ? data
      : Array.isArray((data as { chapters?: unknown })?.chapters)
        ? (data as { chapters: [] }).chapters
        : [];
    if (typeof checkpoint.general_category_id === 'number') generalCategoryId = checkpoint.general_category_id;
  }
  const summary: ListSummary = {
    general_category_id: generalCategoryId,
    data: chapters.map((c, index) => ({
      id: typeof c.id === 'number' ? c.id : index + 1,
      name: typeof c.name === 'string' ? c.name : '',
      generated_content: typeof c.generated_content === 'string' ? c.generated_content.trim().slice(0, EXCERPT_CHARS) : '',
    })),
  };
  return JSON.stringify(summary);
}

/** How many stored summaries `readListSummary` keeps (a few KB each: the text, its parse, its answer JSON). */
const KEPT_SUMMARIES = 1000;
const keptSummaries = new Map<string, { summary: ListSummary; progress: number }>();

/**
 * A stored summary (the column's JSON) as My Books sends it, and the book's progress. Kept by its
 * text (issue 17 item 5): a list shown again is neither parsed nor stringified again — the summary is
 * frozen all the way down, so the response serializer makes its JSON once and splices it into each
 * answer (http/serializer.ts), as it does for a kept checkpoint. A save writes a new text, read anew.
 */
export function readListSummary(json: string): { summary: ListSummary; progress: number } {
  let kept = keptSummaries.get(json);
  if (!kept) {
    const summary = deepFreeze(JSON.parse(json) as ListSummary);
    kept = { summary, progress: progressPercent(summary.data) };
    if (keptSummaries.size >= KEPT_SUMMARIES) keptSummaries.delete(keptSummaries.keys().next().value!);
    keptSummaries.set(json, kept);
  }
  return kept;
}
