/** Progress percentage = rounded share of items with non-empty generated_content; 0 if none. */
export function progressPercent(items: ReadonlyArray<{ generated_content?: string | null }>): number {
  if (items.length === 0) return 0;
  const done = items.filter((item) => (item.generated_content ?? '').trim() !== '').length;
  return Math.round((done / items.length) * 100);
}
