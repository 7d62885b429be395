import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from './toast';
import { TOAST_AUTO_CLOSE_MS } from '@common/constants';
import { exportsApi } from '@common/api/exports';
import type { BookFile, GeneratedBook } from '@common/schemas/exports';
import { call, callRaw } from './api';
import { offerDownload } from './download';

/** POST /api/postGenerateBook: the server reads the book's photos from its storage. */
const generateBook = (sessionId: number) => call(exportsApi.postGenerateBook, { fields: { service_session_id: sessionId } });

/**
 * Fetches a book file with the signed-in user's token (files are served only to the owner) and
 * hands it to the browser as a download.
 */
async function saveFile(id: number, file: BookFile, name: string): Promise<boolean> {
  try {
    const response = await callRaw(exportsApi.bookFile, { params: { id, file } }, { quiet: true });
    offerDownload(await response.blob(), name);
    return true;
  } catch (error) {
    console.error('could not download file', error);
    return false;
  }
}

/** The three files of a book: the typeset PDF, the EPUB for e-readers, the Word file to keep editing. */
export const BOOK_FORMATS = ['pdf', 'epub', 'docx'] as const;
export type BookFormat = (typeof BOOK_FORMATS)[number];

const fileOf = (files: GeneratedBook, format: BookFormat): { file: BookFile; name: string } =>
  format === 'pdf'
    ? { file: 'book.pdf', name: files.name }
    : format === 'epub'
      ? { file: 'book.epub', name: files.epub_name }
      : { file: 'book.docx', name: files.docx_name };

const DOWNLOAD_TOAST_ID = 'book-download';

/** Makes the book files and downloads the chosen one, with a progress toast while the server typesets. */
export function useDownloadBook() {
  const { t } = useTranslation('preview');
  const mutation = useMutation({ mutationFn: generateBook });
  const { mutateAsync } = mutation;
  const download = useCallback(
    async (sessionId: number, format: BookFormat): Promise<void> => {
      // one toast for downloads, however many formats are fetched in a row: never a stack of 'ready'
      const toastId = DOWNLOAD_TOAST_ID;
      if (toast.isActive(toastId))
        toast.update(toastId, { render: t('download.preparing'), type: 'default', isLoading: true, autoClose: false });
      else toast.loading(t('download.preparing'), { toastId });
      try {
        const files = await mutateAsync(sessionId);
        const { file, name } = fileOf(files, format);
        const ok = await saveFile(sessionId, file, name);
        toast.update(toastId, {
          render: ok ? t('download.ready', { pages: files.page_count }) : t('download.failed'),
          type: ok ? 'success' : 'error',
          isLoading: false,
          autoClose: TOAST_AUTO_CLOSE_MS,
        });
      } catch {
        // The API client already showed the server's message.
        toast.dismiss(toastId);
      }
    },
    [mutateAsync, t],
  );
  return { download, isPending: mutation.isPending };
}
