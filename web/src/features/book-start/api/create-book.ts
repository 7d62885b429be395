import { useMutation } from '@tanstack/react-query';
import { CreatedBookSchema, type CreatedBook } from '@common/schemas/books';
import { postSuccess } from '../../../lib/api';

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
  const form = new FormData();
  form.append('service_id', String(input.serviceId));
  form.append('general_category_id', String(input.generalCategoryId));
  form.append('category_based_type_ids', JSON.stringify(input.typeIds));
  form.append('category_length_type_id', String(input.lengthTypeId));
  form.append('another_story_subject', input.subject);
  form.append('description', input.description);
  form.append('book_name', input.bookName);
  form.append('toolId', String(input.toolId));
  form.append('new_book', String(input.newBook));
  if (input.wordFile) form.append('word_file', input.wordFile, input.wordFile.name);
  if (input.cover) form.append('cover', input.cover, input.cover.type === 'image/png' ? 'cover.png' : 'cover.jpg');
  const url = input.asGuest ? '/getGenerateCategoriesWithQuestionsAsGuest' : '/getGenerateCategoriesWithQuestions';
  return CreatedBookSchema.parse(await postSuccess<unknown>(url, form));
}

export function useCreateBook() {
  return useMutation({ mutationFn: createBook });
}
