import { useTranslation } from 'react-i18next';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { Chapter } from '@common/schemas/session';
import { Button } from '../../../components/button';
import { moveQuestion } from '../model/checkpoint-ops';
import { QuestionCard } from './question-card';
import { useWorkspaceActions } from './workspace-context';
import { useWorkspaceSlots } from './workspace-slots';
import styles from '../workspace.module.css';

/** A chapter's guided questions, folded or open, reordered by drag on a paid book. */
export function ChapterQuestions({
  chapter,
  canOrganise,
  open,
  onToggle,
  noAnswerShown,
  onAddQuestion,
}: {
  chapter: Chapter;
  canOrganise: boolean;
  open: boolean;
  onToggle: () => void;
  /** After a refused 'Create chapter': the empty answers are marked. */
  noAnswerShown: boolean;
  onAddQuestion: () => void;
}) {
  const { t } = useTranslation('workspace');
  const { update, isLoggedIn, sessionId } = useWorkspaceActions();
  const { QuestionContributions } = useWorkspaceSlots();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const handleQuestionDrag = (event: DragEndEvent) => {
    if (event.over && event.active.id !== event.over.id)
      update((c) => moveQuestion(c, chapter.id, Number(event.active.id), Number(event.over!.id)));
  };

  return (
    <section className={styles.questionsSection} aria-label={t('chapter.questions', { count: chapter.questions.length })}>
      <button type="button" className={styles.sectionToggle} aria-expanded={open} onClick={onToggle}>
        <span aria-hidden="true">{open ? '▾' : '▸'}</span> {t('chapter.questions', { count: chapter.questions.length })}
      </button>
      {open ? (
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
          {isLoggedIn ? <QuestionContributions sessionId={sessionId} chapterId={chapter.id} questionId={null} /> : null}
          <Button variant="ghost" onClick={onAddQuestion}>
            {t('question.add')}
          </Button>
        </>
      ) : null}
    </section>
  );
}
