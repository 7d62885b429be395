import { useCallback, useEffect, useMemo, useState } from 'react';
import { BOOK_NAME_MAX_LENGTH } from '@common/rules/book-name';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { toast } from '../../../lib/toast';
import { Accordion } from 'radix-ui';
import { DEFAULT_COVER_TEXT, MOBILE_USER_AGENT, type Language } from '@common/constants';
import { normalizeLanguage } from '@common/languages';
import { bookTypeOf } from '@common/rules/book-type';
import { audiobookApi } from '@common/api/audiobook';
import { paymentsApi } from '@common/api/payments';
import { formatPrice } from '@common/rules/prices';
import type { Plan } from '@common/schemas/plans';
import { progressPercent } from '@common/rules/progress';
import type { StoryAnswer } from '@common/schemas/generation';
import type { Chapter } from '@common/schemas/session';
import type { BookText, TextOrigin } from '@common/schemas/versions';
import { Button } from '../../../components/button';
import { ProgressBar } from '../../../components/progress-bar';
import { Loader } from '../../../components/loader';
import { useAuth } from '../../../app/auth';
import { paths } from '../../../lib/paths';
import { readTrialSession, writeTrialSession } from '../../../lib/trial-session';
import { workspaceApi } from '@common/api/workspace';
import { call } from '../../../lib/api';
import { ChapterList } from '../components/chapter-list';
import { ChapterModal } from '../components/chapter-modal';
import { useConfirm } from '../components/confirm-dialog';
import { ConflictDialog } from '../components/conflict-dialog';
import { BookTextSection } from '../components/book-text-section';
import { EditableSection } from '../components/editable-section';
import { CoverSlot } from '../components/image-slots';
import { InlineTitle } from '../components/inline-title';
import { useWorkspaceSlots, WorkspaceSlotsContext, type WorkspaceSlots } from '../components/workspace-slots';
import { DownloadMenu } from '../../../components/download-menu';
import { useDownloadBook, type BookFormat } from '../../../lib/use-download-book';
import { PlanModal } from '../components/plan-modal';
import { SaveIndicator } from '../components/save-indicator';
import { WorkspaceContext, type WorkspaceContextValue } from '../components/workspace-context';
import { useSessionImages } from '../hooks/use-session-images';
import { useSyncState, useWorkspace, type BookMeta } from '../hooks/use-workspace';
import { addChapter, deleteChapter, editChapter, updateChapter, type ChapterDraft } from '../model/checkpoint-ops';
import type { MergeConflict } from '../model/merge';
import type { SyncEngine } from '../model/sync-engine';
import styles from '../workspace.module.css';

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
  if (load.status === 'loading') return <Loader label={t('loading')} />;
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

function ErrorScreen({ reason, lng, onRetry }: { reason: 'not_found' | 'not_yours' | 'unavailable'; lng: Language; onRetry?: () => void }) {
  const { t } = useTranslation('workspace');
  const { isLoggedIn } = useAuth();
  return (
    <section className={styles.errorScreen} role="alert" data-testid="workspace-error">
      <h1>{t(`errors.${reason}_title`)}</h1>
      <p>{t(`errors.${reason}_body`)}</p>
      <div className={styles.rowActions}>
        {reason === 'unavailable' && onRetry ? <Button onClick={onRetry}>{t('errors.retry')}</Button> : null}
        {isLoggedIn ? (
          <Link className={styles.linkButtonLarge} to={paths.myBooks(lng)}>
            {t('errors.my_books')}
          </Link>
        ) : (
          <Link className={styles.linkButtonLarge} to={paths.login(lng)}>
            {t('errors.login')}
          </Link>
        )}
        <Link className={styles.linkButtonLarge} to={paths.generalCategories(lng)}>
          {t('errors.new_book')}
        </Link>
      </div>
    </section>
  );
}

const isMobile = () => MOBILE_USER_AGENT.test(navigator.userAgent);

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
  const navigate = useNavigate();
  const location = useLocation();
  const { isLoggedIn } = useAuth();
  const state = useSyncState(engine)!;
  const checkpoint = state.checkpoint;
  const sessionId = meta.id;
  const isPayed = meta.is_payed;
  const unlockedChapters = meta.unlockedChapters;
  const { confirm, dialog: confirmDialog } = useConfirm();
  const [planOpen, setPlanOpen] = useState(false);
  /** The extra-chapter offer, once the author asks for one (unpaid books). */
  const [extraPlan, setExtraPlan] = useState<Plan | null>(null);
  const [chapterModal, setChapterModal] = useState<{ open: boolean; chapter: Chapter | null }>({ open: false, chapter: null });
  const [previewOpen, setPreviewOpen] = useState(false);
  const [voiceSampleOpen, setVoiceSampleOpen] = useState(() => Boolean((location.state as { audiobook?: boolean } | null)?.audiobook));
  const [showMissingSurvey, setShowMissingSurvey] = useState(false);
  const { images, setImage } = useSessionImages(sessionId, meta.images);
  const { download, isPending: downloading } = useDownloadBook();
  const { VoiceSampleDialog, BookPreview, AudiobookProgress } = useWorkspaceSlots();
  const [checkingDownload, setCheckingDownload] = useState(false);

  const openPlanModal = useCallback(() => setPlanOpen(true), []);

  // A chapter bought on the payment page comes back in the navigation state; My Books' audiobook
  // shortcut arrives with `audiobook: true` and opens the voice sample straight away.
  // An extra chapter (unpaid book) keeps the id it was paid for: only that chapter is unlocked.
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

  /** The introduction or summary the server wrote (a draft, a restored version, the summary assembled with a chapter). */
  const replaceBookText = useCallback(
    (text: BookText, content: string, origin: TextOrigin) => {
      setMeta({ [text]: content, textOrigins: { ...meta.textOrigins, [text]: origin } });
      if (meta.isGuest) {
        const trial = readTrialSession();
        if (trial?.id === sessionId) writeTrialSession({ ...trial, [text]: content });
      }
    },
    [setMeta, meta.textOrigins, meta.isGuest, sessionId],
  );

  const applyWritten = useCallback(
    (chapterId: number, result: StoryAnswer) => {
      engine.applyServerWrite(
        (c) =>
          updateChapter(c, chapterId, {
            text_origin: 'generated',
            generated_content: result.content,
            generated_content_json: result.content_json,
            summary: result.summary,
            submitted_at: result.submitted_at,
            generated_count: result.generated_count,
            needs_assistant: result.needs_assistant,
          }),
        result.version,
      );
      if (result.book_summary !== undefined) replaceBookText('book_summary', result.book_summary, 'assembled');
    },
    [engine, replaceBookText],
  );

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
      setImage,
      openPlanModal,
      showMissingSurvey,
      confirm,
    ],
  );

  const progress = progressPercent(checkpoint.data);
  const bookType = bookTypeOf(checkpoint.general_category_id);

  const handleDeleteChapter = useCallback(
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
  const handleEditChapter = useCallback((chapter: Chapter) => setChapterModal({ open: true, chapter }), []);

  // 'Add an extra chapter' (unpaid book): the offer, then the chapter modal, then /payment with the chapter.
  const openExtraChapter = async () => {
    if (!isLoggedIn) return openPlanModal();
    try {
      setExtraPlan(await call(paymentsApi.extraChapterPlan, {}));
      setChapterModal({ open: true, chapter: null });
    } catch {
      // the global handler shows the server's message
    }
  };

  const handleSaveChapter = (draft: ChapterDraft) => {
    if (!chapterModal.chapter && !isPayed && extraPlan) {
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
    if (chapterModal.chapter) {
      const id = chapterModal.chapter.id;
      engine.update((c) => editChapter(c, id, draft));
    } else {
      engine.update((c) => addChapter(c, draft).checkpoint);
    }
  };

  const handleDownload = async (format: BookFormat) => {
    if (!isLoggedIn) {
      setPlanOpen(true);
      return;
    }
    setCheckingDownload(true);
    try {
      await engine.save();
      const { all_chapters_submitted } = await call(workspaceApi.postCheckAllChaptersSubmitted, {
        body: { service_session_id: sessionId },
      });
      if (!all_chapters_submitted) {
        const yes = await confirm({ title: t('download.unsubmitted'), confirmLabel: t('download.yes'), cancelLabel: t('download.no') });
        if (!yes) return;
      }
      await download(sessionId, format);
    } catch {
      // failures are shown by the API client or logged by the download
    } finally {
      setCheckingDownload(false);
    }
  };

  // the audiobook starts with a voice sample; guests cannot order one (the plan modal asks them to sign in)
  // an audiobook being made (or made) opens its page, with its progress; else it starts with a voice sample
  const handleAudiobook = async () => {
    if (!isLoggedIn) return openPlanModal();
    const made = await call(audiobookApi.audiobookStatus, { params: { service_session_id: sessionId } }, { quiet: true }).catch(() => null);
    if (made && made.state !== 'paid' && made.state !== 'failed') navigate(paths.audiobook(lng, sessionId));
    else setVoiceSampleOpen(true);
  };
  const continueToAudiobook = async () => {
    const quota = await call(audiobookApi.checkAudiobookQuota, { body: { service_session_id: sessionId } });
    navigate(paths.audiobookPayment(lng), { state: { service_session_id: sessionId, price: quota.price } });
  };

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

  const previewDisabled = !isPayed && !isMobile();

  return (
    <WorkspaceContext.Provider value={context}>
      <div className={styles.workspace}>
        <header className={styles.bookHeader}>
          <CoverSlot fallback={meta.book_name || DEFAULT_COVER_TEXT} />
          <div className={styles.bookHeading}>
            <span className={styles.bookType}>{t(`book_type.${bookType}`)}</span>
            <InlineTitle
              as="h1"
              value={meta.book_name}
              maxLength={BOOK_NAME_MAX_LENGTH}
              className={styles.bookTitle}
              editLabel={t('header.edit_title')}
              inputLabel={t('header.title_label')}
              onSave={async (name) => {
                const previous = meta.book_name;
                const ok = await saveAttribute('book_name', name, previous);
                if (ok) toast.success(t('messages.book_name_updated'));
                else toast.error(t('messages.book_name_failed'));
              }}
            />
            <div className={styles.progressRow}>
              <ProgressBar value={progress} label={t('header.progress')} tone="success" className={styles.progress} />
              <span className={styles.progressText}>{t('header.progress_value', { value: progress })}</span>
            </div>
            <SaveIndicator status={state.status} isGuest={meta.isGuest} />
            {meta.isGuest ? null : <AudiobookProgress sessionId={sessionId} lng={lng} />}
          </div>
          <div className={styles.headerActions}>
            <Button
              variant="secondary"
              onClick={() => setPreviewOpen(true)}
              disabled={previewDisabled}
              title={!isPayed ? t('header.preview_locked') : undefined}
            >
              {t('header.preview')}
            </Button>
            <DownloadMenu onChoose={handleDownload} busy={downloading || checkingDownload} />
            <Button variant="secondary" onClick={() => void handleAudiobook()}>
              {t('header.audiobook')}
            </Button>
            <Button variant="secondary" onClick={() => navigate(paths.printing(lng, sessionId))}>
              {t('header.printing')}
            </Button>
            {meta.isGuest ? null : (
              <Button variant="secondary" onClick={() => navigate(paths.family(lng, sessionId))}>
                {t('header.family')}
              </Button>
            )}
          </div>
        </header>

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

        <Accordion.Root type="multiple" className={styles.sections}>
          <Accordion.Item value="synopsis" className={styles.section}>
            <Accordion.Header>
              <Accordion.Trigger className={styles.sectionTrigger}>
                {t('sections.synopsis')} <span aria-hidden="true">▾</span>
              </Accordion.Trigger>
            </Accordion.Header>
            <Accordion.Content className={styles.sectionBody}>
              <EditableSection
                value={checkpoint.another_story_subject ?? ''}
                label={t('sections.synopsis')}
                empty={t('sections.empty')}
                maxLength={5000}
                onSave={(value) => engine.update((c) => ({ ...c, another_story_subject: value }))}
              />
            </Accordion.Content>
          </Accordion.Item>
          <Accordion.Item value="introduction" className={styles.section}>
            <Accordion.Header>
              <Accordion.Trigger className={styles.sectionTrigger}>
                {t('sections.introduction')} <span aria-hidden="true">▾</span>
              </Accordion.Trigger>
            </Accordion.Header>
            <Accordion.Content className={styles.sectionBody}>
              <BookTextSection
                text="introduction"
                value={meta.introduction}
                origin={meta.textOrigins.introduction}
                assistant={meta.writingAssistant}
                label={t('sections.introduction')}
                empty={t('sections.introduction_prompt')}
                onSave={async (value) => {
                  const ok = await saveAttribute('introduction', value, meta.introduction);
                  if (ok) {
                    setMeta({ textOrigins: { ...meta.textOrigins, introduction: 'edited' } });
                    toast.success(t('messages.introduction_updated'));
                  } else toast.error(t('messages.introduction_failed'));
                }}
                onReplaced={(content, origin) => replaceBookText('introduction', content, origin)}
              />
            </Accordion.Content>
          </Accordion.Item>
          <Accordion.Item value="summary" className={styles.section}>
            <Accordion.Header>
              <Accordion.Trigger className={styles.sectionTrigger}>
                {t('sections.summary')} <span aria-hidden="true">▾</span>
              </Accordion.Trigger>
            </Accordion.Header>
            <Accordion.Content className={styles.sectionBody}>
              <BookTextSection
                text="book_summary"
                value={meta.book_summary}
                origin={meta.textOrigins.book_summary}
                assistant={meta.writingAssistant}
                label={t('sections.summary')}
                empty={t('sections.summary_prompt')}
                onSave={async (value) => {
                  const ok = await saveAttribute('book_summary', value, meta.book_summary);
                  if (ok) {
                    setMeta({ textOrigins: { ...meta.textOrigins, book_summary: 'edited' } });
                    toast.success(t('messages.summary_updated'));
                  } else toast.error(t('messages.summary_failed'));
                }}
                onReplaced={(content, origin) => replaceBookText('book_summary', content, origin)}
              />
            </Accordion.Content>
          </Accordion.Item>
        </Accordion.Root>

        <h2 className={styles.chaptersHeading}>{t('chapters.title')}</h2>
        {checkpoint.data.length === 0 ? <Loader /> : <ChapterList onEdit={handleEditChapter} onDelete={handleDeleteChapter} />}

        <div className={styles.bottomActions}>
          {isPayed ? (
            <Button onClick={() => setChapterModal({ open: true, chapter: null })}>{t('chapters.add')}</Button>
          ) : (
            <>
              <Button onClick={openPlanModal}>{t('unpaid.unlock')}</Button>
              <Button variant="secondary" onClick={() => void openExtraChapter()}>
                {t('chapters.add_extra')}
              </Button>
            </>
          )}
          <DownloadMenu onChoose={handleDownload} busy={downloading || checkingDownload} />
        </div>
      </div>

      <ChapterModal
        open={chapterModal.open}
        chapter={chapterModal.chapter}
        extraPrice={!isPayed && extraPlan ? formatPrice(extraPlan.price, lng) : undefined}
        onOpenChange={(open) => setChapterModal((m) => ({ ...m, open }))}
        onSave={handleSaveChapter}
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
        open={voiceSampleOpen}
        onOpenChange={setVoiceSampleOpen}
        sessionId={sessionId}
        language={checkpoint.language ?? lng}
        onContinue={() => void continueToAudiobook()}
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
