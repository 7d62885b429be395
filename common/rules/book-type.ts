import { BOOK_TYPES, type BookType } from '../constants';

/** The label key of a book from its general_category_id (spec section 3). */
export function bookTypeOf(generalCategoryId: number | null | undefined): BookType {
  return BOOK_TYPES[(generalCategoryId ?? 1) as keyof typeof BOOK_TYPES] ?? 'autobiography';
}
