import * as RadioGroup from 'radix-ui/radio-group';
import type { CategoryBasedType } from '@common/schemas/catalog';
import { groupTypes } from '../lib/group-types';
import { ChoiceError } from './choice-cards';
import styles from './options-form.module.css';

/** The book's type, as cards under the titles of their groups. */
export function BookTypeChoice({
  legend,
  types,
  value,
  onChoose,
  error,
}: {
  legend: string;
  types: CategoryBasedType[];
  value: number | null;
  onChoose: (id: number) => void;
  error: string | undefined;
}) {
  return (
    <fieldset className={styles.fieldset} data-invalid={error ? 'true' : undefined}>
      <legend className={styles.heading}>{legend}</legend>
      <RadioGroup.Root
        className={styles.typeList}
        value={value ? String(value) : ''}
        onValueChange={(v) => onChoose(Number(v))}
        aria-invalid={error ? true : undefined}
      >
        {groupTypes(types).map((group) => (
          <div key={group.title?.id ?? 0} className={styles.group} role="group" aria-label={group.title?.name}>
            {group.title ? (
              <div className={styles.groupTitle}>
                <h3>{group.title.name}</h3>
                {group.title.description ? <p>{group.title.description}</p> : null}
              </div>
            ) : null}
            <div className={styles.cards}>
              {group.types.map((type) => (
                <RadioGroup.Item
                  key={type.id}
                  value={String(type.id)}
                  className={`${styles.card} ${error ? styles.cardInvalid : ''}`}
                  data-testid={`type-${type.id}`}
                >
                  <span className={styles.cardName}>{type.name}</span>
                  <span className={styles.cardText}>{type.description}</span>
                </RadioGroup.Item>
              ))}
            </div>
          </div>
        ))}
      </RadioGroup.Root>
      <ChoiceError message={error} />
    </fieldset>
  );
}
