import type { BookListItem } from '@common/schemas/books';
import { progressPercent } from '@common/rules/progress';

const EXCERPT_CHARS = 160;

export type ListSummary = BookListItem['checkpoint_data'];

/** The columns My Books reads instead of the checkpoint, written with every checkpoint. */
export interface ListColumns {
  /** The list item's `checkpoint_data` as JSON, exactly its schema's fields: answered as stored (http/serializer.ts `storedJson`). */
  list_summary: string;
  /** The list item's `progress`. */
  list_progress: number;
}

/**
 * What My Books shows of a book's checkpoint (each chapter's id, name and a short excerpt, and the
 * progress), kept in its own columns by every checkpoint write, so listing books never parses whole
 * books — nor the summaries themselves. Reads the stored JSON leniently: the migration that fills the
 * columns runs it on checkpoints written before every save was validated.
 */
export function listColumnsOf(checkpointJson: string, fallbackCategoryId: number): ListColumns {
  let checkpoint: unknown = null;
  try {
    checkpoint = JSON.parse(checkpointJson);
  } catch {
    // an unreadable checkpoint lists as a book without chapters
  }
  return listColumnsOfCheckpoint(checkpoint, fallbackCategoryId);
}

/** The same from a checkpoint already in hand (a save: its JSON is not parsed again). */
export function listColumnsOfCheckpoint(value: unknown, fallbackCategoryId: number): ListColumns {
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
  return { list_summary: JSON.stringify(summary), list_progress: progressPercent(summary.data) };
}
