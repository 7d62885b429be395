import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { COVER_IMAGE_KEY } from '@common/image-keys';
import { deleteSessionImage, fetchSessionImage, takeCoverThumbnail, uploadSessionImage } from '../api/session-images';
import { blobToDataUrl, cacheImage, readCachedImage } from '../model/image-cache';

/**
 * The book's photos and cover (`keys`, those the server has): `stored`, the keys the book has now;
 * `images`, the previews loaded so far (data URLs); `wantImages`, to ask for previews; `setImage`, to
 * upload or remove one.
 *
 * A preview comes from the browser's cache, else from the server when it is wanted: a chapter's photos
 * when they come near the screen, all of them for the book's preview; the cover's thumbnail is shown
 * meanwhile. A book's 24 photos and its cover fetched with the page were ~2 MB on a phone's first
 * visit (docs/performance.md, "A book's photos when they are seen").
 */
export function useSessionImages(sessionId: number, keys: readonly string[]) {
  const [images, setImages] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      keys.flatMap((key) => {
        const cached = readCachedImage(sessionId, key);
        return cached ? [[key, cached]] : [];
      }),
    ),
  );
  // what this page uploaded (true) or removed (false) since the book was read
  const [changed, setChanged] = useState<Record<string, boolean>>({});
  const stored = useMemo(
    () => new Set([...keys.filter((key) => changed[key] !== false), ...Object.keys(changed).filter((key) => changed[key])]),
    [keys, changed],
  );
  const [wanted, setWanted] = useState<ReadonlySet<string>>(() => new Set());
  const wantImages = useCallback(
    (asked: readonly string[]) =>
      setWanted((current) => (asked.every((key) => current.has(key)) ? current : new Set([...current, ...asked]))),
    [],
  );

  // each preview is asked for once (the workspace is mounted per book); one that failed is asked for again when next wanted
  const requested = useRef(new Set<string>());
  useEffect(() => {
    for (const key of keys) {
      if (!wanted.has(key) || requested.current.has(key) || readCachedImage(sessionId, key)) continue;
      requested.current.add(key);
      fetchSessionImage(sessionId, key)
        .then(blobToDataUrl)
        .then((url) => {
          cacheImage(sessionId, key, url);
          setImages((all) => ({ ...all, [key]: url }));
        })
        .catch(() => requested.current.delete(key));
    }
  }, [keys, sessionId, wanted]);

  // the cover not kept in this browser: its thumbnail meanwhile (the header's size), the image itself when wanted
  const [coverThumbnail, setCoverThumbnail] = useState<string | null>(null);
  const coverStored = keys.includes(COVER_IMAGE_KEY);
  useEffect(() => {
    if (!coverStored || readCachedImage(sessionId, COVER_IMAGE_KEY)) return;
    takeCoverThumbnail(sessionId)
      .then(blobToDataUrl)
      .then(setCoverThumbnail)
      .catch(() => undefined);
  }, [coverStored, sessionId]);
  const shown = useMemo(
    () => (coverThumbnail && !images[COVER_IMAGE_KEY] ? { ...images, [COVER_IMAGE_KEY]: coverThumbnail } : images),
    [images, coverThumbnail],
  );

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
        setChanged((all) => ({ ...all, [key]: file !== null }));
        if (key === COVER_IMAGE_KEY) setCoverThumbnail(null);
      } catch {
        // the global handler shows the server's message ('image is too big'…)
      }
    },
    [sessionId],
  );

  return { images: shown, stored, wantImages, setImage };
}
