import { useState } from 'react';
import { useNavigate } from 'react-router';
import { NEW_BOOK_TOOL_ID, type BookType, type Language } from '@common/constants';
import type { CategoryLengthType, Tool } from '@common/schemas/catalog';
import { paths } from '../../../lib/paths';
import { writeTrialSession } from '../../../lib/trial-session';
import { useCreateBook } from '../api/create-book';
import { moveTempCoverTo } from '../lib/cover-storage';
import { effectiveLengthId, type StartValues } from '../lib/validate';

/**
 * Creating the book from the options form, then going to its questions. `waiting` is true from the
 * click until the page is left (the waiting screen covers the form); a refusal (shown by the API
 * client) gives the form back as it was.
 */
export function useStartBook({
  lng,
  serviceId,
  categoryId,
  kind,
  lengths,
  tools,
  isLoggedIn,
}: {
  lng: Language;
  serviceId: string;
  categoryId: string;
  kind: BookType;
  lengths: CategoryLengthType[];
  tools: Tool[];
  isLoggedIn: boolean;
}) {
  const navigate = useNavigate();
  const create = useCreateBook();
  const [waiting, setWaiting] = useState(false);

  async function start(values: StartValues, cover: Blob | null) {
    setWaiting(true);
    try {
      const book = await create.mutateAsync({
        asGuest: !isLoggedIn,
        serviceId: Number(serviceId),
        generalCategoryId: Number(categoryId),
        typeIds: [values.type_id!],
        lengthTypeId: effectiveLengthId(values, lengths, tools)!,
        toolId: values.new_book ? NEW_BOOK_TOOL_ID : values.tool_id!,
        newBook: values.new_book,
        bookName: values.book_name.trim(),
        subject: kind === 'autobiography' ? '' : values.subject.trim(),
        description: kind === 'autobiography' ? values.description.trim() : '',
        wordFile: values.word_file,
        cover,
      });
      if (!isLoggedIn && book.guest_token) {
        const { guest_token, ...session } = book;
        writeTrialSession({ ...session, guest_token });
      }
      moveTempCoverTo(book.id);
      navigate(paths.questions(lng, book.id));
    } catch {
      // The API client has shown the server's message; the form stays as it was.
      setWaiting(false);
    }
  }

  return { start, waiting };
}
