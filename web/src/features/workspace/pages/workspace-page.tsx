import { lazy, startTransition, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { type Language } from '@common/constants';
import { normalizeLanguage } from '@common/languages';
import { formatPrice } from '@common/rules/prices';
import { Button } from '../../../components/button';
import { Loader } from '../../../components/loader';
import { useAuth } from '../../../app/auth';
import { DownloadMenu } from '../../../components/download-menu';
import { BOOK_TITLE_TIMING, BookHeader } from '../components/book-header';
import { BookSections } from '../components/book-sections';
import { useConfirm } from '../components/confirm-dialog';
import { ConflictDialog } from '../components/conflict-dialog';
import { WorkspaceContext, type WorkspaceContextValue } from '../components/workspace-context';
import { ErrorScreen } from '../components/error-screen';
import { useWorkspaceSlots, WorkspaceSlotsContext, type WorkspaceSlots } from '../components/workspace-slots';
import { useAudiobookStart } from '../hooks/use-audiobook-start';
import { useChapterBroughtBack } from '../hooks/use-chapter-brought-back';
import { useChapterEditing } from '../hooks/use-chapter-editing';
import { useCheckedDownload } from '../hooks/use-checked-download';
import { useServerWrites } from '../hooks/use-server-writes';
import { useSessionImages } from '../hooks/use-session-images';
import { useSyncState, useWorkspace, type BookMeta } from '../hooks/use-workspace';
import type { MergeConflict } from '../model/merge';
import type { SyncEngine } from '../model/sync-engine';
import styles from '../workspace.module.css';
import { lazyDialog } from '../../../lib/lazy-when';
import { contentShown, pageTellsWhenShown } from '../../../lib/page-shown';

// the workspace's content (its title) comes after its first render, once the book has arrived: it tells when it is shown
pageTellsWhenShown();

// downloaded when first opened, with their forms (zod) and Radix's dialog and radio group
const ChapterModal = lazyDialog(async () => (await import('../components/chapter-modal')).ChapterModal);
const PlanModal = lazyDialog(async () => (await import('../components/plan-modal')).PlanModal);
// asked for once the header has been painted (useAfterFirstPaint below), with dnd-kit, the chapters' accordion items,
// the survey's selects (Radix's popper) and the question cards: none of it is on the way to the title's paint
const ChapterList = lazy(async () => ({ default: (await import('../components/chapter-list')).ChapterList }));

/** The book workspace: /{lang}/questions/{service_session_id}; `slots` are the other features' parts it shows. */
export function WorkspacePage({ slots }: { slots: WorkspaceSlots }) {
  const { sessionId: rawId, lang } = useParams();
  const lng = normalizeLanguage(lang);
  const sessionId = Number(rawId);
  const valid = Number.isInteger(sessionId) && sessionId > 0;
  const { isLoggedIn } = useAuth();
  const [reloadKey, setReloadKey] = useState(0);
  const { load, setMeta, saveAttribute, attributeConflicts, resolveAttributeConflict } = useWorkspace(
    valid ? sessionId : 0,
    isLoggedIn,
    reloadKey,
  );
  const { t } = useTranslation('workspace');

  if (!valid) return <ErrorScreen reason="not_found" lng={lng} />;
  if (load.status === 'loading') return <Loader label={t('loading')} fillsScreen />;
  if (load.status === 'error') return <ErrorScreen reason={load.reason} lng={lng} onRetry={() => setReloadKey((k) => k + 1)} />;
  return (
    <WorkspaceSlotsContext.Provider value={slots}>
      <Workspace
        key={`${sessionId}-${reloadKey}`}
        meta={load.meta}
        engine={load.engine}
        lng={lng}
        setMeta={setMeta}
        saveAttribute={saveAttribute}
        attributeConflicts={attributeConflicts}
        resolveAttributeConflict={resolveAttributeConflict}
        reload={() => setReloadKey((k) => k + 1)}
      />
    </WorkspaceSlotsContext.Provider>
  );
}

/** The loaded book: its header, texts and chapters, and the dialogs they open. */
function Workspace({
  meta,
  engine,
  lng,
  setMeta,
  saveAttribute,
  attributeConflicts,
  resolveAttributeConflict,
  reload,
}: {
  meta: BookMeta;
  engine: SyncEngine;
  lng: Language;
  setMeta: (patch: Partial<BookMeta>) => void;
  saveAttribute: ReturnType<typeof useWorkspace>['saveAttribute'];
  attributeConflicts: MergeConflict[];
  resolveAttributeConflict: (conflict: MergeConflict, value: string) => void;
  reload: () => void;
}) {
  const { t } = useTranslation('workspace');
  const { isLoggedIn } = useAuth();
  const state = useSyncState(engine)!;
  const checkpoint = state.checkpoint;
  const { id: sessionId, is_payed: isPayed, unlockedChapters } = meta;
  const { confirm, dialog: confirmDialog } = useConfirm();
  const [planOpen, setPlanOpen] = useState(false);
  const [previewOpen, setPreviewOpen] = useState(false);
  const [showMissingSurvey, setShowMissingSurvey] = useState(false);
  const { images, stored: storedImages, wantImages, setImage } = useSessionImages(sessionId, meta.images);
  // the preview shows every photo
  useEffect(() => {
    if (previewOpen) wantImages(meta.images);
  }, [previewOpen, meta.images, wantImages]);
  const { VoiceSampleDialog, BookPreview } = useWorkspaceSlots();
  const openPlanModal = useCallback(() => setPlanOpen(true), []);
  // the chapter list (Radix's accordion, which measures the open chapter in a layout effect, and the open chapter's
  // questions) renders once the header, the title being the page's largest paint, has been painted: one render less
  // before it (docs/performance.md, "The workspace's book asked for by its HTML, its header painted first"); its code
  // (dnd-kit, Radix's select, the question cards) is asked for then too ("The chapter list's code after the title")
  const listShown = useAfterFirstPaint(BOOK_TITLE_TIMING);
  useEffect(() => {
    if (listShown) contentShown();
  }, [listShown]);

  useChapterBroughtBack(engine, isPayed, unlockedChapters);
  const { replaceBookText, applyWritten } = useServerWrites(engine, meta, setMeta);
  const chapters = useChapterEditing({ engine, checkpoint, sessionId, lng, isPayed, isLoggedIn, confirm, openPlanModal });
  const download = useCheckedDownload({ engine, sessionId, isLoggedIn, confirm, openPlanModal });
  const audiobook = useAudiobookStart({ sessionId, lng, isLoggedIn, openPlanModal });

  const context = useMemo<WorkspaceContextValue>(
    () => ({
      sessionId,
      lng,
      isPayed,
      unlockedChapters,
      isLoggedIn,
      getCheckpoint: () => engine.getState().checkpoint,
      subscribe: engine.subscribe,
      update: engine.update,
      applyWritten,
      applyServerWrite: engine.applyServerWrite,
      images,
      storedImages,
      wantImages,
      setImage,
      openPlanModal,
      showMissingSurvey,
      setShowMissingSurvey,
      confirm,
    }),
    [
      sessionId,
      lng,
      isPayed,
      unlockedChapters,
      isLoggedIn,
      engine,
      applyWritten,
      images,
      storedImages,
      wantImages,
      setImage,
      openPlanModal,
      showMissingSurvey,
      confirm,
    ],
  );

  const describeConflict = (conflict: MergeConflict) => {
    const chapter = checkpoint.data.find((c) => c.id === conflict.chapterId);
    const question = chapter?.questions.find((q) => q.id === conflict.questionId);
    return t(`conflict.field_${conflict.field}`, { chapter: chapter?.name ?? '', question: question?.name ?? '' });
  };

  const previewSession = {
    id: sessionId,
    book_name: meta.book_name,
    is_payed: isPayed,
    introduction: meta.introduction,
    book_summary: meta.book_summary,
    checkpoint_data: checkpoint,
    version: state.version,
    updated_at: '',
  };

  return (
    <WorkspaceContext.Provider value={context}>
      <div className={styles.workspace}>
        <BookHeader
          meta={meta}
          checkpoint={checkpoint}
          status={state.status}
          lng={lng}
          saveAttribute={saveAttribute}
          onPreview={() => setPreviewOpen(true)}
          onDownload={download.choose}
          downloadBusy={download.busy}
          onAudiobook={() => void audiobook.start()}
        />

        {meta.overLimit ? (
          <p className={styles.unpaidNotice} role="alert" data-testid="over-limit">
            {t('over_limit')}
          </p>
        ) : null}
        {!isPayed ? (
          <p className={styles.unpaidNotice}>
            {t('unpaid.notice')}{' '}
            <button type="button" className={styles.linkButton} onClick={openPlanModal}>
              {t('unpaid.unlock')}
            </button>
          </p>
        ) : null}

        <BookSections
          meta={meta}
          synopsis={checkpoint.another_story_subject ?? ''}
          onSynopsis={(value) => engine.update((c) => ({ ...c, another_story_subject: value }))}
          saveAttribute={saveAttribute}
          setMeta={setMeta}
          replaceBookText={replaceBookText}
        />

        <h2 className={styles.chaptersHeading}>{t('chapters.title')}</h2>
        {checkpoint.data.length === 0 ? (
          <Loader />
        ) : listShown ? (
          <Suspense fallback={<Loader fillsScreen />}>
            <ChapterList onEdit={chapters.edit} onDelete={chapters.remove} />
          </Suspense>
        ) : (
          // its space kept until then: nothing below it is on screen, nothing moves (e2e/layout-shift.spec.ts)
          <Loader fillsScreen />
        )}

        <div className={styles.bottomActions}>
          {isPayed ? (
            <Button onClick={chapters.add}>{t('chapters.add')}</Button>
          ) : (
            <>
              <Button onClick={openPlanModal}>{t('unpaid.unlock')}</Button>
              <Button variant="secondary" onClick={() => void chapters.addExtra()}>
                {t('chapters.add_extra')}
              </Button>
            </>
          )}
          <DownloadMenu onChoose={download.choose} busy={download.busy} />
        </div>
      </div>

      <ChapterModal
        open={chapters.modal.open}
        chapter={chapters.modal.chapter}
        extraPrice={!isPayed && chapters.extraPlan ? formatPrice(chapters.extraPlan.price, lng) : undefined}
        onOpenChange={chapters.setOpen}
        onSave={chapters.save}
      />
      <PlanModal
        open={planOpen}
        onOpenChange={setPlanOpen}
        onPaid={() => {
          setMeta({ is_payed: true });
          reload();
        }}
      />
      <VoiceSampleDialog
        open={audiobook.voiceSampleOpen}
        onOpenChange={audiobook.setVoiceSampleOpen}
        sessionId={sessionId}
        language={checkpoint.language ?? lng}
        onContinue={() => void audiobook.continueToPayment()}
      />
      <BookPreview open={previewOpen} onOpenChange={setPreviewOpen} session={previewSession} images={images} />
      <ConflictDialog conflicts={state.conflicts} onResolve={engine.resolve} describe={describeConflict} />
      <ConflictDialog conflicts={attributeConflicts} onResolve={resolveAttributeConflict} describe={describeConflict} />
      {state.status === 'error' ? (
        <p className={styles.saveError} role="alert">
          {t('save.error_detail')}
        </p>
      ) : null}
      {confirmDialog}
    </WorkspaceContext.Provider>
  );
}

/**
 * False for the first render, true once the browser has put it on screen, as a transition: when the element named
 * `shownBy` (its `elementtiming`) is reported painted (Element Timing: the frame's presentation, which can come a frame or
 * more after the main thread painted it), else two frames later (browsers without Element Timing, or no such text: the
 * book's title being edited), then a task; at most ~0.3 s after those two frames (the element not painted: scrolled out
 * of view). The chapter list's code is asked for then, not beside what the title waits for. In a hidden tab, which
 * paints no frame, at once; if the tab is hidden meanwhile, then.
 */
function useAfterFirstPaint(shownBy: string): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let frame: number | undefined;
    let observer: PerformanceObserver | undefined;
    let done = false;
    const stop = () => {
      if (frame !== undefined) cancelAnimationFrame(frame);
      clearTimeout(timer);
      observer?.disconnect();
      document.removeEventListener('visibilitychange', onHidden);
    };
    const show = () => {
      if (done) return;
      done = true;
      stop();
      timer = setTimeout(() => startTransition(() => setPainted(true)));
    };
    const onHidden = () => {
      if (document.visibilityState === 'hidden') show();
    };
    if (document.visibilityState === 'hidden') {
      show();
      return stop;
    }
    const timed =
      PerformanceObserver.supportedEntryTypes?.includes('element') &&
      document.querySelector(`[elementtiming="${shownBy}"]`)?.textContent?.trim();
    if (timed) {
      observer = new PerformanceObserver((list) => {
        if (list.getEntries().some((entry) => (entry as PerformanceEntry & { identifier?: string }).identifier === shownBy)) show();
      });
      observer.observe({ type: 'element', buffered: true });
      document.addEventListener('visibilitychange', onHidden);
    }
    frame = requestAnimationFrame(() => (frame = requestAnimationFrame(() => (timed ? (timer = setTimeout(show, 300)) : show()))));
    return stop;
  }, [shownBy]);
  return painted;
}
