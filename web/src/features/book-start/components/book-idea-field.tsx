import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DESCRIPTION_MAX_LENGTH, DESCRIPTION_MIN_LENGTH, type BookType } from '@common/constants';
import type { StartForm } from '../hooks/use-start-form';
import { ChoiceError } from './choice-cards';
import styles from './options-form.module.css';

/**
 * What the book is about, in the author's words: an autobiography's description (with its length
 * counter), or another kind's subject.
 */
export function BookIdeaField({ form, kind }: { form: StartForm; kind: BookType }) {
  return kind === 'autobiography' ? <DescriptionField form={form} /> : <SubjectField form={form} kind={kind} />;
}

function DescriptionField({ form }: { form: StartForm }) {
  const { t } = useTranslation('books');
  const id = useId();
  const error = form.formState.errors.description?.message;
  const length = form.watch('description').trim().length;
  const counterState = length >= DESCRIPTION_MAX_LENGTH ? styles.counterOver : length >= DESCRIPTION_MIN_LENGTH ? styles.counterOk : '';
  return (
    <div className={styles.block} data-invalid={error ? 'true' : undefined}>
      <label htmlFor={id} className={styles.heading}>
        {t('options.description_title')}
      </label>
      <p className={styles.muted}>{t('options.description_hint')}</p>
      <textarea
        id={id}
        className={styles.textarea}
        rows={6}
        {...form.register('description')}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-counter`}
        placeholder={t('options.description_placeholder')}
      />
      <p id={`${id}-counter`} className={`${styles.counter} ${counterState}`} aria-live="polite">
        {t('options.description_counter', { count: length, min: DESCRIPTION_MIN_LENGTH, max: DESCRIPTION_MAX_LENGTH - 1 })}
      </p>
      <ChoiceError message={error} />
    </div>
  );
}

function SubjectField({ form, kind }: { form: StartForm; kind: Exclude<BookType, 'autobiography'> }) {
  const { t } = useTranslation('books');
  const id = useId();
  const error = form.formState.errors.subject?.message;
  return (
    <div className={styles.block} data-invalid={error ? 'true' : undefined}>
      <label htmlFor={id} className={styles.heading}>
        {t(`options.subject_title.${kind}`)}
      </label>
      <p className={styles.muted}>{t(`options.subject_hint.${kind}`)}</p>
      <textarea
        id={id}
        className={styles.textarea}
        rows={3}
        maxLength={DESCRIPTION_MAX_LENGTH - 1}
        {...form.register('subject')}
        aria-invalid={error ? true : undefined}
        placeholder={t(`options.subject_placeholder.${kind}`)}
      />
      <ChoiceError message={error} />
    </div>
  );
}
