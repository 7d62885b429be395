import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { checkCoverFile, clearTempCover, dataUrlToBlob, readAsDataUrl, readTempCover, saveTempCover } from '../lib/cover-storage';

/**
 * The cover chosen for a new book: its preview, the file sent with createBook, and the message of a
 * refused file. Kept in temporary storage, so that it survives a detour through the login page.
 */
export function useCoverChoice() {
  const { t } = useTranslation('books');
  const [preview, setPreview] = useState<string | null>(() => readTempCover());
  const [blob, setBlob] = useState<Blob | null>(() => {
    const stored = readTempCover();
    return stored ? dataUrlToBlob(stored) : null;
  });
  const [error, setError] = useState<string | null>(null);

  async function choose(file: File) {
    const check = checkCoverFile(file);
    if (check !== 'ok') {
      const message = t(check === 'too_big' ? 'options.image_too_big' : 'options.image_wrong_type');
      setError(message);
      toast.error(message, { toastId: message });
      return;
    }
    setError(null);
    const dataUrl = await readAsDataUrl(file);
    setPreview(dataUrl);
    setBlob(file);
    saveTempCover(dataUrl);
  }

  function remove() {
    setPreview(null);
    setBlob(null);
    clearTempCover();
  }

  return { preview, blob, error, choose, remove };
}
