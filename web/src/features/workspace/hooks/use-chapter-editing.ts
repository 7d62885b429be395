import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Language } from '@common/constants';
import { paymentsApi } from '@common/api/payments';
import type { Plan } from '@common/schemas/plans';
import type { CheckpointData, Chapter } from '@common/schemas/session';
import { call } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import type { ConfirmOptions } from '../components/confirm-dialog';
import { addChapter, deleteChapter, editChapter, type ChapterDraft } from '../model/checkpoint-ops';
import type { SyncEngine } from '../model/sync-engine';

/**
 * Adding, editing and deleting chapters, and the chapter modal's state. An unpaid book's extra chapter
 * goes through the offer (signed in), then the modal, then /payment with the chapter; a guest gets the
 * plans instead.
 */
export function useChapterEditing({
  engine,
  checkpoint,
  sessionId,
  lng,
  isPayed,
  isLoggedIn,
  confirm,
  openPlanModal,
}: {
  engine: SyncEngine;
  checkpoint: CheckpointData;
  sessionId: number;
  lng: Language;
  isPayed: boolean;
  isLoggedIn: boolean;
  confirm: (options: ConfirmOptions) => Promise<boolean>;
  openPlanModal: () => void;
}) {
  const { t } = useTranslation('workspace');
  const navigate = useNavigate();
  const [modal, setModal] = useState<{ open: boolean; chapter: Chapter | null }>({ open: false, chapter: null });
  /** The extra-chapter offer, once the author asks for one (unpaid books). */
  const [extraPlan, setExtraPlan] = useState<Plan | null>(null);

  const remove = useCallback(
    async (chapter: Chapter) => {
      const ok = await confirm({
        title: t('chapter.delete_title'),
        body: t('chapter.delete_body', { name: chapter.name }),
        confirmLabel: t('actions.delete'),
        danger: true,
      });
      if (ok) engine.update((c) => deleteChapter(c, chapter.id));
    },
    [confirm, engine, t],
  );
  const edit = useCallback((chapter: Chapter) => setModal({ open: true, chapter }), []);
  const add = () => setModal({ open: true, chapter: null });

  const addExtra = async () => {
    if (!isLoggedIn) return openPlanModal();
    try {
      setExtraPlan(await call(paymentsApi.extraChapterPlan, {}));
      setModal({ open: true, chapter: null });
    } catch {
      // the global handler shows the server's message
    }
  };

  const save = (draft: ChapterDraft) => {
    if (!modal.chapter && !isPayed && extraPlan) {
      const { chapterId } = addChapter(checkpoint, draft);
      navigate(paths.payment(lng), {
        state: {
          service_session_id: sessionId,
          plan_id: extraPlan.id,
          is_add_chapter: true,
          chapter_to_add: { ...draft, id: chapterId },
          index_chapter_to_add: checkpoint.data.length,
        },
      });
      return;
    }
    if (modal.chapter) {
      const id = modal.chapter.id;
      engine.update((c) => editChapter(c, id, draft));
    } else {
      engine.update((c) => addChapter(c, draft).checkpoint);
    }
  };

  const setOpen = (open: boolean) => setModal((m) => ({ ...m, open }));

  return { modal, extraPlan, add, addExtra, edit, remove, save, setOpen };
}
