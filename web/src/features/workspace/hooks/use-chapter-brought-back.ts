import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { addChapter, type ChapterDraft } from '../model/checkpoint-ops';
import type { SyncEngine } from '../model/sync-engine';

/**
 * What the navigation brings back to the workspace, taken once and cleared from the history entry:
 * a chapter bought on the payment page is added (an extra chapter of an unpaid book only when its id
 * is among those paid for); My Books' audiobook shortcut arrives with `audiobook: true` (read by the
 * voice sample's opening state).
 */
export function useChapterBroughtBack(engine: SyncEngine, isPayed: boolean, unlockedChapters: number[]) {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    const navState = location.state as {
      chapter_to_add?: ChapterDraft & { id?: number };
      index_chapter_to_add?: number;
      audiobook?: boolean;
    } | null;
    const toAdd = navState?.chapter_to_add;
    if (toAdd && (isPayed || (toAdd.id !== undefined && unlockedChapters.includes(toAdd.id)))) {
      engine.update((c) =>
        c.data.some((chapter) => chapter.id === toAdd.id)
          ? c
          : addChapter(c, toAdd, navState.index_chapter_to_add ?? c.data.length, Date.now(), toAdd.id).checkpoint,
      );
      navigate(location.pathname, { replace: true, state: null });
    } else if (navState?.audiobook) {
      navigate(location.pathname, { replace: true, state: null });
    }
  }, [location.state, location.pathname, isPayed, unlockedChapters, engine, navigate]);
}
