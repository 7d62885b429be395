import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { Chapter } from '@common/schemas/session';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { validateChapterDraft, type ChapterDraft } from '../model/checkpoint-ops';
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
  const [draft, setDraft] = useState<ChapterDraft>(() =>
    chapter
      ? { name: chapter.name, questions: chapter.questions.map((q) => ({ id: q.id, name: q.name })) }
      : { name: '', questions: [{ name: '' }] },
  );
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    const problem = validateChapterDraft(draft);
    if (problem) {
      setError(t(`messages.${problem}`));
      toast.error(t(`messages.${problem}`));
      return;
    }
    onSave(draft);
    onClose();
  };

  return (
    <form
      className={styles.modalForm}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <label className={styles.fieldLabel}>
        {t('chapter_modal.name')}
        <input className={styles.input} value={draft.name} maxLength={300} onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
      </label>
      <fieldset className={styles.fieldset}>
        <legend className={styles.fieldLabel}>{t('chapter_modal.questions')}</legend>
        <ol className={styles.modalQuestions}>
          {draft.questions.map((question, i) => (
            <li key={question.id ?? `new-${i}`} className={styles.modalQuestion}>
              <input
                className={styles.input}
                value={question.name}
                maxLength={1000}
                aria-label={t('chapter_modal.question_n', { n: i + 1 })}
                onChange={(e) =>
                  setDraft({ ...draft, questions: draft.questions.map((q, j) => (j === i ? { ...q, name: e.target.value } : q)) })
                }
              />
              {draft.questions.length > 1 ? (
                <Button
                  variant="ghost"
                  onClick={() => setDraft({ ...draft, questions: draft.questions.filter((_, j) => j !== i) })}
                  aria-label={t('chapter_modal.remove_question_n', { n: i + 1 })}
                >
                  {t('actions.remove')}
                </Button>
              ) : null}
            </li>
          ))}
        </ol>
        <Button variant="secondary" onClick={() => setDraft({ ...draft, questions: [...draft.questions, { name: '' }] })}>
          {t('question.add')}
        </Button>
      </fieldset>
      {error ? (
        <p className={styles.fieldError} role="alert">
          {error}
        </p>
      ) : null}
      <div className={styles.rowActions}>
        <Button type="submit">{saveLabel}</Button>
        <Button variant="ghost" onClick={onClose}>
          {t('actions.cancel')}
        </Button>
      </div>
    </form>
  );
}
