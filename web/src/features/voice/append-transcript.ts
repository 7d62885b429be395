import { ANSWER_MAX_LENGTH } from '@common/constants';

export interface AppendResult {
  value: string;
  /** True when part of the transcript did not fit in the answer's limit. */
  truncated: boolean;
}

/**
 * Adds a transcript after what the author typed (spec: "appended to the answer with a comma"),
 * never replacing it, and keeps the answer within its limit (spec section 9: 2500 characters).
 * `separator` is ", " for a new recording and " " for the next sentence of a live dictation.
 */
export function appendTranscript(
  current: string,
  transcript: string,
  { max = ANSWER_MAX_LENGTH, separator = ', ' }: { max?: number; separator?: string } = {},
): AppendResult {
  const addition = transcript.replace(/\s+/g, ' ').trim();
  if (!addition) return { value: current, truncated: false };
  const base = current.replace(/\s+$/, '');
  let joiner = '';
  if (base) joiner = /[,;:]$/.test(base) ? ' ' : /[.!?…]$/.test(base) ? ' ' : separator;
  const room = max - base.length - joiner.length;
  if (room <= 0) return { value: current, truncated: true };
  if (addition.length <= room) return { value: base + joiner + addition, truncated: false };
  // cut at a word boundary when one is close, so no half word lands in the answer
  let cut = addition.slice(0, room);
  const space = cut.lastIndexOf(' ');
  if (space > room - 20 && space > 0) cut = cut.slice(0, space);
  return { value: base + joiner + cut.trimEnd(), truncated: true };
}
