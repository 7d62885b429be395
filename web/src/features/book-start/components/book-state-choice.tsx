import { useTranslation } from 'react-i18next';
import * as RadioGroup from 'radix-ui/radio-group';
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
        {(
          [
            ['new', t('options.new_book')],
            ['existing', t('options.existing_book')],
          ] as const
        ).map(([value, label]) => (
          <RadioGroup.Item key={value} value={value} className={styles.pill}>
            {/* drawn by CSS from the item's data-state: Radix's Indicator would measure its animation as it mounts, a forced style recalculation */}
            <span className={styles.dot} aria-hidden="true">
              <span className={styles.dotInner} />
            </span>
            {label}
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
    </fieldset>
  );
}
