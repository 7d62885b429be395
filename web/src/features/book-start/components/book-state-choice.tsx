import { useTranslation } from 'react-i18next';
import { RadioGroup } from 'radix-ui';
import styles from './options-form.module.css';

/** "A new book" or "a book already started", as two pills. */
export function BookStateChoice({ newBook, onChange }: { newBook: boolean; onChange: (newBook: boolean) => void }) {
  const { t } = useTranslation('books');
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{t('options.book_state')}</legend>
      <RadioGroup.Root
        className={styles.stateChoices}
        value={newBook ? 'new' : 'existing'}
        onValueChange={(value) => onChange(value === 'new')}
      >
        <RadioGroup.Item value="new" className={styles.pill}>
          <span className={styles.dot} aria-hidden="true">
            <RadioGroup.Indicator className={styles.dotInner} />
          </span>
          {t('options.new_book')}
        </RadioGroup.Item>
        <RadioGroup.Item value="existing" className={styles.pill}>
          <span className={styles.dot} aria-hidden="true">
            <RadioGroup.Indicator className={styles.dotInner} />
          </span>
          {t('options.existing_book')}
        </RadioGroup.Item>
      </RadioGroup.Root>
    </fieldset>
  );
}
