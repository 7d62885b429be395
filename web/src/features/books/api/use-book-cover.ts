import { useEffect, useState } from 'react';
import { booksApi } from '@common/api/books';
import { callRaw } from '../../../lib/api';

/** Where the options screen leaves a book's cover preview (spec: cover_media_photo, moved to a key by session id). */
export const sessionCoverKey = (sessionId: number) => `cover_media_photo_${sessionId}`;

function storedCover(id: number): string | null {
  try {
    return localStorage.getItem(sessionCoverKey(id));
  } catch {
    return null;
  }
}

/** A book's cover: from this browser's storage, else the server's copy (fetched with the user's token), else null. */
export function useBookCover(id: number, coverUrl: string | null): string | null {
  const [local] = useState(() => storedCover(id));
  const [remote, setRemote] = useState<string | null>(null);
  useEffect(() => {
    if (local || !coverUrl) return;
    let objectUrl: string | null = null;
    let cancelled = false;
    callRaw(booksApi.sessionCover, { params: { id } }, { quiet: true })
      .then((response) => response.blob())
      .then((blob) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setRemote(objectUrl);
      })
      .catch(() => setRemote(null));
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [id, coverUrl, local]);
  return local ?? remote;
}
