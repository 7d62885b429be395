import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { DOWNLOAD_URL_REVOKE_MS, TOAST_AUTO_CLOSE_MS } from '@common/constants';
import { GeneratedBookSchema, type GeneratedBook } from '@common/schemas/exports';
import { api, postSuccess, type QuietConfig } from '../../lib/api';

/** POST /api/postGenerateBook: the server reads the book's photos from its storage. */
export async function generateBook(sessionId: number): Promise<GeneratedBook> {
  const form = new FormData();
  form.append('service_session_id', String(sessionId));
  return GeneratedBookSchema.parse(await postSuccess<unknown>('/postGenerateBook', form));
}

/**
 * Fetches a book file with the signed-in user's token (files are served only to the owner) and
 * hands it to the browser as a download; the object URL is revoked after 40 s (spec section 9).
 */
export async function saveFile(url: string, name: string): Promise<boolean> {
  try {
    const response = await api.get<Blob>(url.replace(/^\/api(?=\/)/, ''), { responseType: 'blob', quiet: true } as QuietConfig);
    const href = URL.createObjectURL(response.data);
    const link = document.createElement('a');
    link.href = href;
    link.download = name;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
    window.setTimeout(() => URL.revokeObjectURL(href), DOWNLOAD_URL_REVOKE_MS);
    return true;
  } catch (error) {
    console.error('could not download file', error);
    return false;
  }
}

/**
 * Makes the book files and downloads the PDF and the EPUB (`{ docx: true }` adds the Word file),
 * with a progress toast while the server typesets. API errors are shown by the API client.
 */
export function useDownloadBook() {
  const { t } = useTranslation('preview');
  const mutation = useMutation({ mutationFn: generateBook });
  const { mutateAsync } = mutation;
  const download = useCallback(
    async (sessionId: number, options: { docx?: boolean } = {}): Promise<void> => {
      const toastId = toast.loading(t('download.preparing'));
      try {
        const files = await mutateAsync(sessionId);
        const saved = await Promise.all([
          saveFile(files.url, files.name),
          saveFile(files.epub_url, files.epub_name),
          ...(options.docx ? [saveFile(files.docx_url, files.docx_name)] : []),
        ]);
        const ok = saved.every(Boolean);
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
