/**
 * The length a book-start tool that forces a one-length book imposes: the shortest existing-book
 * length of the category (spec section 4: length options hidden, non-new-book length preselected).
 */
export function forcedLengthOf<T extends { new_book: boolean; chapter_count: number }>(lengths: T[]): T | undefined {
  return lengths.filter((l) => !l.new_book).sort((a, b) => a.chapter_count - b.chapter_count)[0];
}
