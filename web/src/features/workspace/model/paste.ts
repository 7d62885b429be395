/**
 * Pasting into an answer that would pass `max` characters: the pasted text is cut at the end of its
 * last whole word that fits (never mid-word), so the author can be told it was shortened.
 * Returns null when everything fits (the browser pastes as usual).
 */
export function fitPaste(
  current: string,
  start: number,
  end: number,
  pasted: string,
  max: number,
): { value: string; caret: number } | null {
  const room = max - (current.length - (end - start));
  if (pasted.length <= room) return null;
  let cut = pasted.slice(0, Math.max(room, 0));
  const midWord = /\S/.test(pasted[cut.length] ?? ' ') && /\S$/.test(cut);
  if (midWord && /\s/.test(cut)) cut = cut.replace(/\s+\S*$/u, '');
  cut = cut.trimEnd();
  return { value: current.slice(0, start) + cut + current.slice(end), caret: start + cut.length };
}
