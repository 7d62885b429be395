import { memo, useState, type ClipboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ANSWER_MAX_LENGTH } from '@common/constants';
import { isAnswered } from '@common/rules/chapter-generation';
import type { CheckpointData, Question } from '@common/schemas/session';
import { Button } from '../../../components/button';
import { generationApi } from '@common/api/generation';
import { call } from '../../../lib/api';
import { deleteQuestion, trimAnswerEnd, updateQuestion } from '../model/checkpoint-ops';
import { fitPaste } from '../model/paste';
import { GripIcon, TrashIcon } from '../../../components/icons';
import { InlineTitle } from './inline-title';
import { useCheckpoint, useWorkspaceActions } from './workspace-context';
import { useWorkspaceSlots } from './workspace-slots';
import styles from '../workspace.module.css';

const bookLanguage = (checkpoint: CheckpointData) => checkpoint.language;

/** One guided question: its title, the answer (typed or dictated), optimise, edit, delete, drag. */
export const QuestionCard = memo(function QuestionCard({
  chapterId,
  question,
  number,
  canEdit,
  canDrag,
  showUnanswered = false,
}: {
  chapterId: number;
  question: Question;
  number: number;
  canEdit: boolean;
  canDrag: boolean;
  /** After a refused 'Create chapter', while no question of the chapter is answered: empty answers are marked. */
  showUnanswered?: boolean;
}) {
  const { t } = useTranslation('workspace');
  const { update, confirm, sessionId, getCheckpoint, isLoggedIn } = useWorkspaceActions();
  const language = useCheckpoint(bookLanguage);
  const { AnswerDictation, QuestionContributions } = useWorkspaceSlots();
  const [optimizing, setOptimizing] = useState(false);
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: question.id, disabled: !canDrag });
  const transcript = question.transcript ?? '';
  const atLimit = transcript.length >= ANSWER_MAX_LENGTH;
  const answerId = `answer-${chapterId}-${question.id}`;
  const unanswered = showUnanswered && !isAnswered(question);

  const setTranscript = (value: string) =>
    update((c) => updateQuestion(c, chapterId, question.id, { transcript: value.slice(0, ANSWER_MAX_LENGTH) }));

  const handlePaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const area = event.currentTarget;
    const fitted = fitPaste(
      transcript,
      area.selectionStart,
      area.selectionEnd,
      event.clipboardData.getData('text/plain'),
      ANSWER_MAX_LENGTH,
    );
    if (!fitted) return;
    event.preventDefault();
    setTranscript(fitted.value);
    requestAnimationFrame(() => area.setSelectionRange(fitted.caret, fitted.caret));
    toast.info(t('messages.paste_shortened', { max: ANSWER_MAX_LENGTH }), { toastId: 'paste_shortened' });
  };

  const handleDelete = async () => {
    const chapter = getCheckpoint().data.find((c) => c.id === chapterId);
    if (!chapter || chapter.questions.length <= 1) {
      toast.warn(t('messages.at_least_one_question'));
      return;
    }
    const ok = await confirm({ title: t('question.delete_title'), body: question.name, confirmLabel: t('actions.delete'), danger: true });
    if (!ok) return;
    update((c) => {
      const result = deleteQuestion(c, chapterId, question.id);
      return result.ok ? result.checkpoint : c;
    });
  };

  const handleOptimize = async () => {
    if (transcript.trim() === '') return;
    setOptimizing(true);
    try {
      const { content } = await call(generationApi.getOptimizedTranscript, { body: { transcript } });
      if (content) setTranscript(content);
    } catch {
      // the global handler shows the error
    } finally {
      setOptimizing(false);
    }
  };

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={[styles.questionCard, isDragging ? styles.dragging : ''].join(' ')}
      data-testid={`question-${question.id}`}
    >
      <div className={styles.questionHeader}>
        {canDrag ? (
          <button
            type="button"
            className={styles.dragHandle}
            aria-label={t('question.drag', { name: question.name })}
            {...attributes}
            {...listeners}
          >
            <GripIcon />
          </button>
        ) : null}
        <span className={styles.questionNumber}>{t('question.number', { n: number })}</span>
        <InlineTitle
          value={question.name}
          startEditing={question.isNewQuestion === true && question.name === ''}
          disabled={!canEdit}
          className={styles.questionTitle}
          editLabel={t('question.edit_title')}
          inputLabel={t('question.title_label')}
          onEmpty={() => toast.error(t('messages.please_add_question_title'))}
          onSave={(name) => update((c) => updateQuestion(c, chapterId, question.id, { name, isNewQuestion: undefined }))}
        />
        {canEdit ? (
          <button
            type="button"
            className={styles.iconButton}
            aria-label={t('question.delete', { name: question.name })}
            title={t('question.delete_title')}
            onClick={handleDelete}
          >
            <TrashIcon />
          </button>
        ) : null}
      </div>
      <label htmlFor={answerId} className={styles.visuallyHidden}>
        {t('question.answer_label', { name: question.name })}
      </label>
      <textarea
        id={answerId}
        className={[styles.answer, unanswered ? styles.answerMissing : ''].join(' ')}
        aria-invalid={unanswered || undefined}
        value={transcript}
        maxLength={ANSWER_MAX_LENGTH}
        rows={5}
        placeholder={t('question.answer_placeholder')}
        disabled={!canEdit}
        onChange={(e) => setTranscript(e.target.value)}
        onPaste={handlePaste}
        onBlur={(e) => {
          const trimmed = trimAnswerEnd(e.target.value);
          if (trimmed !== transcript) setTranscript(trimmed);
        }}
        aria-describedby={unanswered ? `unanswered-${chapterId} ${answerId}-count` : `${answerId}-count`}
      />
      <div className={styles.answerTools}>
        <span id={`${answerId}-count`} className={atLimit ? styles.counterFull : styles.counter} aria-live={atLimit ? 'polite' : 'off'}>
          {t('question.counter', { count: transcript.length, max: ANSWER_MAX_LENGTH })}
        </span>
        <div className={styles.answerActions}>
          {canEdit ? <AnswerDictation value={transcript} onChange={setTranscript} sessionId={sessionId} lng={language} /> : null}
          {canEdit && transcript.trim() !== '' ? (
            <Button variant="secondary" busy={optimizing} onClick={handleOptimize}>
              {t('question.optimize')}
            </Button>
          ) : null}
        </div>
      </div>
      {isLoggedIn ? <QuestionContributions sessionId={sessionId} chapterId={chapterId} questionId={question.id} /> : null}
    </li>
  );
});
