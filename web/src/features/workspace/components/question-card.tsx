import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ANSWER_MAX_LENGTH } from '@common/constants';
import type { Question } from '@common/schemas/session';
import { Button } from '../../../components/button';
import { VoiceRecorder } from '../../voice/voice-recorder';
import { optimizeTranscript } from '../api/book-calls';
import { deleteQuestion, trimAnswerEnd, updateQuestion } from '../model/checkpoint-ops';
import { GripIcon, InlineTitle, TrashIcon } from './inline-title';
import { useWorkspaceContext } from './workspace-context';
import styles from '../workspace.module.css';

/** One guided question: its title, the answer (typed or dictated), optimise, edit, delete, drag. */
export const QuestionCard = memo(function QuestionCard({
  chapterId,
  question,
  number,
  canEdit,
  canDrag,
}: {
  chapterId: number;
  question: Question;
  number: number;
  canEdit: boolean;
  canDrag: boolean;
}) {
  const { t } = useTranslation('workspace');
  const { update, confirm, sessionId, checkpoint } = useWorkspaceContext();
  const [optimizing, setOptimizing] = useState(false);
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: question.id, disabled: !canDrag });
  const transcript = question.transcript ?? '';
  const atLimit = transcript.length >= ANSWER_MAX_LENGTH;
  const answerId = `answer-${chapterId}-${question.id}`;

  const setTranscript = (value: string) => update((c) => updateQuestion(c, chapterId, question.id, { transcript: value.slice(0, ANSWER_MAX_LENGTH) }));

  const handleDelete = async () => {
    const chapter = checkpoint.data.find((c) => c.id === chapterId);
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
      const { content } = await optimizeTranscript(transcript, sessionId);
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
          <button type="button" className={styles.dragHandle} aria-label={t('question.drag', { name: question.name })} {...attributes} {...listeners}>
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
          <button type="button" className={styles.iconButton} aria-label={t('question.delete', { name: question.name })} title={t('question.delete_title')} onClick={handleDelete}>
            <TrashIcon />
          </button>
        ) : null}
      </div>
      <label htmlFor={answerId} className={styles.visuallyHidden}>
        {t('question.answer_label', { name: question.name })}
      </label>
      <textarea
        id={answerId}
        className={styles.answer}
        value={transcript}
        maxLength={ANSWER_MAX_LENGTH}
        rows={5}
        placeholder={t('question.answer_placeholder')}
        disabled={!canEdit}
        onChange={(e) => setTranscript(e.target.value)}
        onBlur={(e) => {
          const trimmed = trimAnswerEnd(e.target.value);
          if (trimmed !== transcript) setTranscript(trimmed);
        }}
        aria-describedby={`${answerId}-count`}
      />
      <div className={styles.answerTools}>
        <span id={`${answerId}-count`} className={atLimit ? styles.counterFull : styles.counter} aria-live={atLimit ? 'polite' : 'off'}>
          {t('question.counter', { count: transcript.length, max: ANSWER_MAX_LENGTH })}
        </span>
        <div className={styles.answerActions}>
          {canEdit ? <VoiceRecorder value={transcript} onChange={setTranscript} sessionId={sessionId} lng={checkpoint.language} /> : null}
          {canEdit && transcript.trim() !== '' ? (
            <Button variant="secondary" busy={optimizing} onClick={handleOptimize}>
              {t('question.optimize')}
            </Button>
          ) : null}
        </div>
      </div>
    </li>
  );
});
