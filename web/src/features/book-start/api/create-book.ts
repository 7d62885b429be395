import { useMutation } from '@tanstack/react-query';
import { booksApi } from '@common/api/books';
import type { CreatedBook } from '@common/schemas/books';
import { call } from '../../../lib/api';

export interface CreateBookInput {
  asGuest: boolean;
  serviceId: number;
  generalCategoryId: number;
  typeIds: number[];
  lengthTypeId: number;
  toolId: number;
  newBook: boolean;
  bookName: string;
  subject: string;
  description: string;
  wordFile: File | null;
  cover: Blob | null;
}

/**
 * POST /api/getGenerateCategoriesWithQuestions (signed in) or …AsGuest: the spec's multipart form,
 * plus our `description` (the autobiography block, first question's answer) and `new_book`.
 */
export async function createBook(input: CreateBookInput): Promise<CreatedBook> {
  const fields = {
    service_id: input.serviceId,
    general_category_id: input.generalCategoryId,
    category_based_type_ids: JSON.stringify(input.typeIds),
    category_length_type_id: String(input.lengthTypeId),
    another_story_subject: input.subject,
    description: input.description,
    book_name: input.bookName,
    toolId: input.toolId,
    new_book: input.newBook ? ('true' as const) : ('false' as const),
  };
  const cover =
    input.cover && new File([input.cover], input.cover.type === 'image/png' ? 'cover.png' : 'cover.jpg', { type: input.cover.type });
  const files = { word_file: input.wordFile ?? undefined, cover: cover ?? undefined };
  return call(input.asGuest ? booksApi.getGenerateCategoriesWithQuestionsAsGuest : booksApi.getGenerateCategoriesWithQuestions, {
    fields,
    files,
  });
}

export function useCreateBook() {
  return useMutation({ mutationFn: createBook });
}
