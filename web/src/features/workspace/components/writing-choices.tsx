import { useTranslation } from 'react-i18next';
import { FIDELITIES } from '@common/fidelity';
import type { Chapter, CheckpointData } from '@common/schemas/session';
import { updateChapter } from '../model/checkpoint-ops';
import { surveyQuestions, useCheckpoint, useWorkspaceActions } from './workspace-context';
import styles from '../workspace.module.css';

const fidelityOf = (checkpoint: CheckpointData) => checkpoint.fidelity;

/** Books without a fidelity setting are written as a light edit (server DEFAULT_FIDELITY). */
const DEFAULT_FIDELITY = 'light_edit';

/** How freely this chapter is written (own words / light edit / polished): visible and changeable per chapter. */
export function FidelityChoice({ chapter }: { chapter: Chapter }) {
  const { t } = useTranslation('workspace');
  const { update } = useWorkspaceActions();
  const bookFidelity = useCheckpoint(fidelityOf);
  const current = chapter.fidelity ?? bookFidelity ?? DEFAULT_FIDELITY;
  return (
    <fieldset className={styles.fidelity}>
      <legend className={styles.surveyLabel}>{t('fidelity.label')}</legend>
      {FIDELITIES.map((fidelity) => (
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
  const surveys = useCheckpoint(surveyQuestions);
  const unmet = (chapter.needs_assistant ?? []).flatMap((id) => {
    const question = surveys.find((q) => q.id === id);
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
