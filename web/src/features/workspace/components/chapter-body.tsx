import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import type { Chapter } from '@common/schemas/session';
import { generationRefusal, isAnswered } from '@common/rules/chapter-generation';
import { paragraphsOf } from '@common/rules/book-text';
import { Button } from '../../../components/button';
import { useAuth } from '../../../app/auth';
import { generateChapter, GenerationError } from '../api/generate-chapter';
import { addQuestion } from '../model/checkpoint-ops';
import { ChapterQuestions } from './chapter-questions';
import { ChapterText } from './chapter-text';
import { ChapterPhotos } from './image-slots';
import { InlineTitle } from './inline-title';
import { SurveySelects } from './survey-selects';
import { useWorkspaceActions } from './workspace-context';
import { FidelityChoice } from './writing-choices';
import styles from '../workspace.module.css';

/** An open chapter: title, photos, questions, survey, fidelity, 'Create chapter' and the written text. */
export function ChapterBody({
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
  const { update, applyWritten, getCheckpoint, sessionId, isPayed, setShowMissingSurvey, confirm } = useWorkspaceActions();
  const { user } = useAuth();
  const hasContent = (chapter.generated_content ?? '').trim() !== '';
  const [questionsOpen, setQuestionsOpen] = useState(!hasContent);
  const [generating, setGenerating] = useState(false);
  const [stream, setStream] = useState('');
  const [showUnanswered, setShowUnanswered] = useState(false);
  const [textShown, setTextShown] = useState(0);
  // After a refused 'Create chapter', until one question is answered: the empty answers are marked.
  const noAnswerShown = showUnanswered && !chapter.questions.some(isAnswered);
  const textRef = useRef<HTMLDivElement>(null);
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

  const handleGenerate = async () => {
    const checkpoint = getCheckpoint();
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

      <ChapterQuestions
        chapter={chapter}
        canOrganise={canOrganise}
        open={questionsOpen}
        onToggle={() => setQuestionsOpen((o) => !o)}
        noAnswerShown={noAnswerShown}
        onAddQuestion={handleAddQuestion}
      />

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

      {!generating && hasContent ? <ChapterText ref={textRef} chapter={chapter} /> : null}
    </div>
  );
}
