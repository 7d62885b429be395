import { memo, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Accordion } from 'radix-ui';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { Chapter, Paragraph } from '@common/schemas/session';
import { Button } from '../../../components/button';
import { useAuth } from '../../../app/auth';
import { generateChapter, GenerationError } from '../api/generate-chapter';
import { generationRefusal, isAnswered } from '@common/rules/chapter-generation';
import { addQuestion, moveQuestion, updateChapter } from '../model/checkpoint-ops';
import { paragraphListOf, paragraphsJson } from '../model/paragraphs';
import { paragraphsOf } from '@common/rules/book-text';
import { ChapterPhotos } from './image-slots';
import { GripIcon, InlineTitle, LockIcon, PencilIcon, TrashIcon } from './inline-title';
import { QuestionCard } from './question-card';
import { SurveySelects } from './survey-selects';
import { useWorkspaceContext } from './workspace-context';
import { AssistantNote, FidelityChoice } from './writing-choices';
import { TextVersions } from './text-versions';
import styles from '../workspace.module.css';

const chapterTexts = (chapter: Chapter): string[] => paragraphListOf(chapter).map((p) => p.text);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A paragraph with the facts found in no answer marked, for the author to confirm or remove. */
function FlaggedParagraph({ paragraph, label }: { paragraph: Paragraph; label: string }) {
  const facts = paragraph.unsourced ?? [];
  if (facts.length === 0) return <p>{paragraph.text}</p>;
  const parts = paragraph.text.split(new RegExp(`(${facts.map(escapeRegExp).join('|')})`, 'u'));
  return (
    <p>
      {parts.map((part, i) =>
        facts.includes(part) ? (
          <mark key={i} className={styles.unsourced} title={label} data-testid="unsourced-fact">
            {part}
          </mark>
        ) : (
          part
        ),
      )}
    </p>
  );
}

export interface ChapterItemProps {
  chapter: Chapter;
  index: number;
  locked: boolean;
  canOrganise: boolean;
  canDelete: boolean;
  onEdit: (chapter: Chapter) => void;
  onDelete: (chapter: Chapter) => void;
}

export const ChapterItem = memo(function ChapterItem({
  chapter,
  index,
  locked,
  canOrganise,
  canDelete,
  onEdit,
  onDelete,
}: ChapterItemProps) {
  const { t } = useTranslation('workspace');
  const { update, openPlanModal, isPayed } = useWorkspaceContext();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: chapter.id, disabled: !canOrganise });
  const style = { transform: CSS.Transform.toString(transform), transition };
  const showFreeBadge = !isPayed && index === 0;

  if (locked) {
    return (
      <div ref={setNodeRef} style={style} className={`${styles.chapter} ${styles.chapterLocked}`} data-testid={`chapter-${chapter.id}`}>
        <button
          type="button"
          className={styles.lockedTrigger}
          onClick={openPlanModal}
          aria-label={t('chapter.locked_label', { n: index + 1, name: chapter.name })}
        >
          <span className={styles.chapterNumber}>{t('chapter.number', { n: index + 1 })}</span>
          <span className={styles.lockedTitle}>{chapter.name}</span>
          <span className={styles.lockIcon}>
            <LockIcon />
          </span>
        </button>
      </div>
    );
  }

  return (
    <Accordion.Item
      value={String(chapter.id)}
      ref={setNodeRef}
      style={style}
      className={[styles.chapter, isDragging ? styles.dragging : ''].join(' ')}
      data-testid={`chapter-${chapter.id}`}
    >
      <Accordion.Header className={styles.chapterHeader}>
        {canOrganise ? (
          <button
            type="button"
            className={styles.dragHandle}
            aria-label={t('chapter.drag', { name: chapter.name })}
            {...attributes}
            {...listeners}
          >
            <GripIcon />
          </button>
        ) : null}
        <Accordion.Trigger className={styles.chapterTrigger}>
          <span className={styles.chapterNumber}>{t('chapter.number', { n: index + 1 })}</span>
          <span className={styles.chapterName}>{chapter.name}</span>
          {showFreeBadge ? <span className={styles.freeBadge}>{t('chapter.first_free')}</span> : null}
          {(chapter.generated_content ?? '').trim() !== '' ? <span className={styles.doneBadge}>{t('chapter.written')}</span> : null}
          <span className={styles.chevron} aria-hidden="true">
            ▾
          </span>
        </Accordion.Trigger>
        <button
          type="button"
          className={styles.iconButton}
          aria-label={t('chapter.edit', { name: chapter.name })}
          title={t('chapter.edit_title')}
          onClick={() => onEdit(chapter)}
        >
          <PencilIcon />
        </button>
        {canDelete ? (
          <button
            type="button"
            className={styles.iconButton}
            aria-label={t('chapter.delete', { name: chapter.name })}
            title={t('chapter.delete_title')}
            onClick={() => onDelete(chapter)}
          >
            <TrashIcon />
          </button>
        ) : null}
      </Accordion.Header>
      <Accordion.Content className={styles.chapterBody}>
        <ChapterBody
          chapter={chapter}
          index={index}
          canOrganise={canOrganise}
          onRename={(name) => update((c) => updateChapter(c, chapter.id, { name }))}
        />
      </Accordion.Content>
    </Accordion.Item>
  );
});

function ChapterBody({
  chapter,
  index,
  canOrganise,
  onRename,
}: {
  chapter: Chapter;
  index: number;
  canOrganise: boolean;
  onRename: (name: string) => void;
}) {
  const { t } = useTranslation('workspace');
  const { update, applyWritten, applyServerWrite, checkpoint, sessionId, isPayed, setShowMissingSurvey, confirm } = useWorkspaceContext();
  const { user } = useAuth();
  const hasContent = (chapter.generated_content ?? '').trim() !== '';
  const [questionsOpen, setQuestionsOpen] = useState(!hasContent);
  const [generating, setGenerating] = useState(false);
  const [stream, setStream] = useState('');
  const [editingText, setEditingText] = useState(false);
  const [showUnanswered, setShowUnanswered] = useState(false);
  const [textShown, setTextShown] = useState(0);
  // After a refused 'Create chapter', until one question is answered: the empty answers are marked.
  const noAnswerShown = showUnanswered && !chapter.questions.some(isAnswered);
  const [textDraft, setTextDraft] = useState('');
  const textRef = useRef<HTMLDivElement>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  // The question list collapses by itself once the chapter has its text.
  const hadContent = useRef(hasContent);
  useEffect(() => {
    if (hasContent && !hadContent.current) setQuestionsOpen(false);
    hadContent.current = hasContent;
  }, [hasContent]);

  // After 'Create chapter', once the questions have folded and the text is in place (nothing above it
  // moves any more), the page scrolls to the start of the new text.
  useEffect(() => {
    if (textShown === 0 || generating) return;
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    textRef.current?.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  }, [textShown, generating]);

  const handleQuestionDrag = (event: DragEndEvent) => {
    if (event.over && event.active.id !== event.over.id)
      update((c) => moveQuestion(c, chapter.id, Number(event.active.id), Number(event.over!.id)));
  };

  const handleGenerate = async () => {
    const refusal = generationRefusal(checkpoint.lookups.survey_questions, chapter);
    if (refusal?.reason === 'survey_incomplete') {
      setShowMissingSurvey(true);
      toast.error(t('messages.please_select_required_boxes'), { toastId: 'please_select_required_boxes' });
      return;
    }
    if (refusal?.reason === 'no_answer') {
      setShowUnanswered(true);
      setQuestionsOpen(true);
      toast.error(t('messages.please_answer_a_question'), { toastId: 'please_answer_a_question' });
      requestAnimationFrame(() => document.getElementById(`answer-${chapter.id}-${refusal.questionIds[0]}`)?.focus());
      return;
    }
    // An edited text is never replaced without asking; it stays in the chapter's versions.
    if (chapter.text_origin === 'edited') {
      const ok = await confirm({
        title: t('versions.recreate_title'),
        body: t('versions.recreate_body'),
        confirmLabel: t('versions.recreate_confirm'),
      });
      if (!ok) return;
    }
    setGenerating(true);
    setStream('');
    try {
      const selected = checkpoint.lookups.survey_questions.flatMap((s) => {
        const answer = s.survey_answers.find((a) => a.is_selected);
        return answer ? [{ service_session_id: sessionId, survey_question_id: s.id, survey_answer_id: answer.id }] : [];
      });
      const result = await generateChapter({
        sessionId,
        chapter,
        index,
        isPayed,
        selectedSurveyQuestions: selected,
        user,
        onDelta: setStream,
      });
      applyWritten(chapter.id, result);
      setEditingText(false);
      setQuestionsOpen(false);
      setTextShown((n) => n + 1);
    } catch (error) {
      toast.error((error instanceof GenerationError && error.message) || t('messages.generation_failed'));
    } finally {
      setGenerating(false);
      setStream('');
    }
  };

  const handleAddQuestion = () => {
    setQuestionsOpen(true);
    update((c) => addQuestion(c, chapter.id).checkpoint);
  };

  return (
    <div className={styles.chapterInner}>
      <div className={styles.chapterTitleRow}>
        <InlineTitle
          as="h3"
          value={chapter.name}
          className={styles.chapterHeading}
          editLabel={t('chapter.rename')}
          inputLabel={t('chapter.title_label')}
          onEmpty={() => toast.error(t('messages.please_add_chapter_title'))}
          onSave={onRename}
        />
      </div>
      <ChapterPhotos chapterId={chapter.id} />

      <section className={styles.questionsSection} aria-label={t('chapter.questions', { count: chapter.questions.length })}>
        <button type="button" className={styles.sectionToggle} aria-expanded={questionsOpen} onClick={() => setQuestionsOpen((o) => !o)}>
          <span aria-hidden="true">{questionsOpen ? '▾' : '▸'}</span> {t('chapter.questions', { count: chapter.questions.length })}
        </button>
        {questionsOpen ? (
          <>
            {noAnswerShown ? (
              <p id={`unanswered-${chapter.id}`} className={styles.fieldError}>
                {t('messages.please_answer_a_question')}
              </p>
            ) : null}
            <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={handleQuestionDrag}>
              <SortableContext items={chapter.questions.map((q) => q.id)} strategy={verticalListSortingStrategy}>
                <ol className={styles.questionList}>
                  {chapter.questions.map((question, i) => (
                    <QuestionCard
                      key={question.id}
                      chapterId={chapter.id}
                      question={question}
                      number={i + 1}
                      canEdit
                      canDrag={canOrganise}
                      showUnanswered={noAnswerShown}
                    />
                  ))}
                </ol>
              </SortableContext>
            </DndContext>
            <Button variant="ghost" onClick={handleAddQuestion}>
              {t('question.add')}
            </Button>
          </>
        ) : null}
      </section>

      <SurveySelects chapterId={chapter.id} />
      <FidelityChoice chapter={chapter} />

      <div className={styles.generateRow}>
        <Button onClick={handleGenerate} busy={generating}>
          {generating ? t('chapter.writing') : hasContent ? t('chapter.recreate') : t('chapter.create')}
        </Button>
      </div>

      {generating ? (
        <div className={styles.chapterText} aria-live="polite" aria-busy="true" data-testid="chapter-stream">
          {stream ? paragraphsOf(stream).map((p, i) => <p key={i}>{p}</p>) : <p className={styles.muted}>{t('chapter.writing_hint')}</p>}
        </div>
      ) : null}

      {!generating && hasContent ? (
        <div ref={textRef} className={styles.textBlock} data-testid="chapter-text-block">
          <AssistantNote chapter={chapter} />
          {editingText ? (
            <>
              <label className={styles.visuallyHidden} htmlFor={`text-${chapter.id}`}>
                {t('chapter.text_label')}
              </label>
              <textarea
                id={`text-${chapter.id}`}
                className={styles.textEditor}
                value={textDraft}
                onChange={(e) => setTextDraft(e.target.value)}
                rows={16}
              />
              <div className={styles.rowActions}>
                <Button
                  onClick={() => {
                    const text = textDraft.trim();
                    update((c) =>
                      updateChapter(c, chapter.id, {
                        generated_content: text,
                        generated_content_json: paragraphsJson(text, chapter.generated_content_json),
                        text_origin: 'edited',
                      }),
                    );
                    setEditingText(false);
                  }}
                >
                  {t('actions.save')}
                </Button>
                <Button variant="ghost" onClick={() => setEditingText(false)}>
                  {t('actions.cancel')}
                </Button>
              </div>
            </>
          ) : (
            <>
              <div className={styles.chapterText} data-testid="chapter-text">
                {paragraphListOf(chapter).map((p, i) => (
                  <FlaggedParagraph key={i} paragraph={p} label={t('chapter.unsourced_title')} />
                ))}
              </div>
              <UnsourcedFacts chapter={chapter} />
              <TextVersions
                text={chapter.id}
                current={chapter.generated_content}
                title={t('versions.title')}
                onRestored={(restored) =>
                  applyServerWrite(
                    (c) =>
                      updateChapter(c, chapter.id, {
                        generated_content: restored.content,
                        generated_content_json: restored.content_json,
                        text_origin: restored.origin === 'edited' ? 'edited' : 'generated',
                      }),
                    restored.version ?? 0,
                  )
                }
              />
              <Button
                variant="secondary"
                onClick={() => {
                  setTextDraft(chapterTexts(chapter).join('\n\n'));
                  setEditingText(true);
                }}
              >
                {t('chapter.edit_text')}
              </Button>
            </>
          )}
        </div>
      ) : null}
    </div>
  );
}

/** The names, places, dates and numbers the writer put in that appear in no answer: confirm each, or edit the text. */
function UnsourcedFacts({ chapter }: { chapter: Chapter }) {
  const { t } = useTranslation('workspace');
  const { update } = useWorkspaceContext();
  const facts = [...new Set(paragraphListOf(chapter).flatMap((p) => p.unsourced ?? []))];
  if (facts.length === 0) return null;
  const confirm = (fact: string) =>
    update((c) => {
      const current = c.data.find((x) => x.id === chapter.id);
      if (!current) return c;
      const list = paragraphListOf(current).map((p) => ({ ...p, unsourced: (p.unsourced ?? []).filter((f) => f !== fact) }));
      return updateChapter(c, chapter.id, { generated_content_json: JSON.stringify(list) });
    });
  return (
    <div className={styles.assistantNote} role="note" data-testid="unsourced-facts">
      <p>{t('chapter.unsourced', { count: facts.length })}</p>
      <ul>
        {facts.map((fact) => (
          <li key={fact}>
            <mark className={styles.unsourced}>{fact}</mark>{' '}
            <Button variant="ghost" onClick={() => confirm(fact)}>
              {t('chapter.unsourced_confirm')}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
