import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ChapterDraftSchema, type Chapter, type ChapterDraft } from '@common/schemas/session';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { toastFirstError, useSchemaForm } from '../../../lib/form';
import styles from '../workspace.module.css';

/**
 * Add or edit a chapter: a title and at least one question; a question can be removed while more than one remains.
 * With `extraPrice` it is the 'add an extra chapter' modal of an unpaid book: the new chapter goes to payment.
 */
export function ChapterModal({
  open,
  chapter,
  extraPrice,
  onOpenChange,
  onSave,
}: {
  open: boolean;
  chapter: Chapter | null;
  /** The extra chapter's price, formatted (4.99 EUR 'for the chapter'). */
  extraPrice?: string;
  onOpenChange: (open: boolean) => void;
  onSave: (draft: ChapterDraft) => void;
}) {
  const { t } = useTranslation('workspace');
  const extra = extraPrice !== undefined && !chapter;
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={extra ? t('chapter_modal.extra_title') : chapter ? t('chapter_modal.edit_title') : t('chapter_modal.add_title')}
      description={extra ? t('chapter_modal.extra_lead', { price: extraPrice }) : undefined}
      width={640}
    >
      {open ? (
        <ChapterForm
          key={chapter?.id ?? (extra ? 'extra' : 'new')}
          chapter={chapter}
          saveLabel={extra ? t('chapter_modal.extra_continue') : t('actions.save')}
          onClose={() => onOpenChange(false)}
          onSave={onSave}
        />
      ) : null}
    </Modal>
  );
}

function ChapterForm({
  chapter,
  saveLabel,
  onClose,
  onSave,
}: {
  chapter: Chapter | null;
  saveLabel: string;
  onClose: () => void;
  onSave: (draft: ChapterDraft) => void;
}) {
  const { t } = useTranslation('workspace');
  const form = useSchemaForm(ChapterDraftSchema, {
    defaultValues: chapter
      ? { name: chapter.name, questions: chapter.questions.map((q) => ({ id: q.id, name: q.name })) }
      : { name: '', questions: [{ name: '' }] },
    messages: {
      name: t('messages.please_add_chapter_title'),
      questions: t('messages.please_add_questions_in_the_chapter'),
      'questions.*.name': t('messages.please_add_question_title'),
    },
  });
  // keyName: the questions have their own `id`
  const questions = useFieldArray({ control: form.control, name: 'questions', keyName: 'key' });
  const { errors } = form.formState;
  const nameError = errors.name?.message;

  const submit = (draft: ChapterDraft) => {
    onSave(draft);
    onClose();
  };

  return (
    <form className={styles.modalForm} onSubmit={(e) => void form.handleSubmit(submit, toastFirstError)(e)} noValidate>
      <label className={styles.fieldLabel}>
        {t('chapter_modal.name')}
        <input
          className={styles.input}
          maxLength={300}
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? 'chapter-name-error' : undefined}
          {...form.register('name')}
        />
      </label>
      {nameError ? (
        <p id="chapter-name-error" className={styles.fieldError} role="alert">
          {nameError}
        </p>
      ) : null}
      <fieldset className={styles.fieldset}>
        <legend className={styles.fieldLabel}>{t('chapter_modal.questions')}</legend>
        <ol className={styles.modalQuestions}>
          {questions.fields.map((question, i) => {
            const error = errors.questions?.[i]?.name?.message;
            return (
              <li key={question.key} className={styles.modalQuestion}>
                <input
                  className={styles.input}
                  maxLength={1000}
                  aria-label={t('chapter_modal.question_n', { n: i + 1 })}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `chapter-question-${i}-error` : undefined}
                  {...form.register(`questions.${i}.name`)}
                />
                {questions.fields.length > 1 ? (
                  <Button
                    variant="ghost"
                    onClick={() => questions.remove(i)}
                    aria-label={t('chapter_modal.remove_question_n', { n: i + 1 })}
                  >
                    {t('actions.remove')}
                  </Button>
                ) : null}
                {error ? (
                  <p id={`chapter-question-${i}-error`} className={styles.fieldError} role="alert">
                    {error}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ol>
        <Button variant="secondary" onClick={() => questions.append({ name: '' })}>
          {t('question.add')}
        </Button>
      </fieldset>
      <div className={styles.rowActions}>
        <Button type="submit">{saveLabel}</Button>
        <Button variant="ghost" onClick={onClose}>
          {t('actions.cancel')}
        </Button>
      </div>
    </form>
  );
}
