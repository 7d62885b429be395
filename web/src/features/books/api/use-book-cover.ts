import { useEffect, useState } from 'react';
import { workspaceApi } from '@common/api/workspace';
import { COVER_IMAGE_KEY, coverPreviewKey } from '@common/schemas/workspace';
import { callRaw } from '../../../lib/api';

function storedCover(id: number): string | null {
  try {
    return localStorage.getItem(coverPreviewKey(id));
  } catch {
    return null;
  }
}

/** A book's cover: from this browser's storage, else the server's thumbnail of it (fetched with the user's token), else null. */
export function useBookCover(id: number, coverUrl: string | null): string | null {
  const [local] = useState(() => storedCover(id));
  const [remote, setRemote] = useState<string | null>(null);
  useEffect(() => {
    if (local || !coverUrl) return;
    let objectUrl: string | null = null;
    let cancelled = false;
    callRaw(workspaceApi.sessionImage, { params: { id, key: COVER_IMAGE_KEY }, query: { size: 'thumbnail' } }, { quiet: true })
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
