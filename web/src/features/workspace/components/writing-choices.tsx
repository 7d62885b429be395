import { useTranslation } from 'react-i18next';
import { FidelitySchema, type Chapter } from '@common/schemas/session';
import { updateChapter } from '../model/checkpoint-ops';
import { useWorkspaceContext } from './workspace-context';
import styles from '../workspace.module.css';

/** Books without a fidelity setting are written as a light edit (server DEFAULT_FIDELITY). */
const DEFAULT_FIDELITY = 'light_edit';

/** How freely this chapter is written (own words / light edit / polished): visible and changeable per chapter. */
export function FidelityChoice({ chapter }: { chapter: Chapter }) {
  const { t } = useTranslation('workspace');
  const { checkpoint, update } = useWorkspaceContext();
  const current = chapter.fidelity ?? checkpoint.fidelity ?? DEFAULT_FIDELITY;
  return (
    <fieldset className={styles.fidelity}>
      <legend className={styles.surveyLabel}>{t('fidelity.label')}</legend>
      {FidelitySchema.options.map((fidelity) => (
        <label key={fidelity} className={styles.fidelityOption}>
          <input
            type="radio"
            name={`fidelity-${chapter.id}`}
            value={fidelity}
            checked={current === fidelity}
            onChange={() => update((c) => updateChapter(c, chapter.id, { fidelity }))}
          />
          <span>
            <strong>{t(`fidelity.${fidelity}`)}</strong> <span className={styles.surveyHint}>{t(`fidelity.${fidelity}_hint`)}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** The survey choices the last writing could not honour offline, named as the author chose them. */
export function AssistantNote({ chapter }: { chapter: Chapter }) {
  const { t } = useTranslation('workspace');
  const { checkpoint } = useWorkspaceContext();
  const unmet = (chapter.needs_assistant ?? []).flatMap((id) => {
    const question = checkpoint.lookups.survey_questions.find((q) => q.id === id);
    const answer = question?.survey_answers.find((a) => a.is_selected);
    return question && answer ? [{ id, question: question.name, answer: answer.name }] : [];
  });
  if (unmet.length === 0) return null;
  return (
    <div className={styles.assistantNote} role="note" data-testid="needs-assistant">
      <p>{t('chapter.needs_assistant', { count: unmet.length })}</p>
      <ul>
        {unmet.map((choice) => (
          <li key={choice.id}>
            <strong>{choice.question}</strong> — {choice.answer}
          </li>
        ))}
      </ul>
    </div>
  );
}
