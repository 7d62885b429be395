import { useCallback, useEffect, useState } from 'react';
import { deleteSessionImage, fetchSessionImage, uploadSessionImage } from '../api/session-images';
import { blobToDataUrl, cacheImage, readCachedImage } from '../model/image-cache';

/** The book's photos and cover (`keys`) as data URLs, and `setImage` to upload or remove one. */
export function useSessionImages(sessionId: number, keys: readonly string[]) {
  const [images, setImages] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      keys.flatMap((key) => {
        const cached = readCachedImage(sessionId, key);
        return cached ? [[key, cached]] : [];
      }),
    ),
  );

  // Image previews: the browser's cache first, else the server's bytes.
  useEffect(() => {
    let cancelled = false;
    for (const key of keys) {
      if (readCachedImage(sessionId, key)) continue;
      fetchSessionImage(sessionId, key)
        .then(blobToDataUrl)
        .then((url) => {
          if (cancelled) return;
          cacheImage(sessionId, key, url);
          setImages((all) => ({ ...all, [key]: url }));
        })
        .catch(() => undefined);
    }
    return () => {
      cancelled = true;
    };
  }, [keys, sessionId]);

  const setImage = useCallback(
    async (key: string, file: File | null) => {
      try {
        if (file) {
          await uploadSessionImage(sessionId, key, file);
          const url = await blobToDataUrl(file);
          cacheImage(sessionId, key, url);
          setImages((all) => ({ ...all, [key]: url }));
        } else {
          await deleteSessionImage(sessionId, key);
          cacheImage(sessionId, key, null);
          setImages((all) => {
            const next = { ...all };
            delete next[key];
            return next;
          });
        }
      } catch {
        // the global handler shows the server's message ('image is too big'…)
      }
    },
    [sessionId],
  );

  return { images, setImage };
}
