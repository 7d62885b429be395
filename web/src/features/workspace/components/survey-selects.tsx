import * as Select from 'radix-ui/select';
import { useTranslation } from 'react-i18next';
import { unansweredSurveyIds } from '@common/rules/chapter-generation';
import { selectSurveyAnswer } from '../model/checkpoint-ops';
import { surveyQuestions, useCheckpoint, useWorkspaceActions } from './workspace-context';
import styles from '../workspace.module.css';

/**
 * The book's survey dropdowns under their own heading (so 'Question n' is not taken for the chapter's
 * questions): style, profile, then 'Question n'; empty ones turn red after a submit attempt.
 */
export function SurveySelects({ chapterId }: { chapterId: number }) {
  const { t } = useTranslation('workspace');
  const { update, showMissingSurvey } = useWorkspaceActions();
  const surveys = useCheckpoint(surveyQuestions);
  if (surveys.length === 0) return null;
  const missing = new Set(showMissingSurvey ? unansweredSurveyIds(surveys) : []);
  return (
    <section className={styles.surveyBlock} aria-labelledby={`survey-heading-${chapterId}`}>
      <h4 id={`survey-heading-${chapterId}`} className={styles.surveyHeading}>
        {t('survey.heading')}
      </h4>
      <p className={styles.muted}>{t('survey.intro')}</p>
      <div className={styles.surveys}>
        {surveys.map((survey, index) => {
          const label = index === 0 ? t('survey.style') : index === 1 ? t('survey.profile') : t('survey.question_n', { n: index + 1 });
          const selected = survey.survey_answers.find((a) => a.is_selected);
          const id = `survey-${chapterId}-${survey.id}`;
          const isMissing = missing.has(survey.id);
          return (
            <div key={survey.id} className={styles.survey}>
              <span id={`${id}-label`} className={styles.surveyLabel}>
                {label}
              </span>
              <span className={styles.surveyHint}>{survey.name}</span>
              <Select.Root
                value={selected ? String(selected.id) : undefined}
                onValueChange={(value) => update((c) => selectSurveyAnswer(c, survey.id, Number(value)))}
              >
                <Select.Trigger
                  className={[styles.selectTrigger, isMissing ? styles.selectMissing : ''].join(' ')}
                  aria-labelledby={`${id}-label`}
                  aria-invalid={isMissing || undefined}
                  data-testid={`survey-${survey.id}`}
                >
                  <Select.Value placeholder={t('survey.choose')} />
                  <Select.Icon className={styles.selectIcon}>▾</Select.Icon>
                </Select.Trigger>
                <Select.Portal>
                  <Select.Content className={styles.selectContent} position="popper" sideOffset={4}>
                    <Select.Viewport>
                      {survey.survey_answers.map((answer) => (
                        <Select.Item key={answer.id} value={String(answer.id)} className={styles.selectItem}>
                          <Select.ItemText>{answer.name}</Select.ItemText>
                        </Select.Item>
                      ))}
                    </Select.Viewport>
                  </Select.Content>
                </Select.Portal>
              </Select.Root>
              {isMissing ? <span className={styles.fieldError}>{t('messages.please_select_required_boxes')}</span> : null}
            </div>
          );
        })}
      </div>
    </section>
  );
}
