import type { ReactNode } from 'react';
import * as RadioGroup from 'radix-ui/radio-group';
import styles from './options-form.module.css';

/** A choice's message under its block, read out as soon as it shows. */
export function ChoiceError({ message }: { message: string | undefined }) {
  return message ? (
    <p className={styles.error} role="alert">
      {message}
    </p>
  ) : null;
}

/**
 * One choice among cards (a tool, a length): a fieldset with its legend, a card per option and the
 * choice's message. `data-invalid` marks the block the form scrolls to when it is refused.
 */
export function ChoiceCards<T extends { id: number; name: string; description: string }>({
  legend,
  options,
  value,
  onChoose,
  error,
  testIdPrefix,
  icon,
}: {
  legend: string;
  options: T[];
  value: number | null;
  onChoose: (id: number) => void;
  error: string | undefined;
  testIdPrefix?: string;
  icon?: (option: T) => ReactNode;
}) {
  return (
    <fieldset className={styles.fieldset} data-invalid={error ? 'true' : undefined}>
      <legend className={styles.heading}>{legend}</legend>
      <RadioGroup.Root
        className={styles.cards}
        value={value ? String(value) : ''}
        onValueChange={(v) => onChoose(Number(v))}
        aria-invalid={error ? true : undefined}
      >
        {options.map((option) => (
          <RadioGroup.Item
            key={option.id}
            value={String(option.id)}
            className={`${styles.card} ${error ? styles.cardInvalid : ''}`}
            data-testid={testIdPrefix ? `${testIdPrefix}-${option.id}` : undefined}
          >
            {icon ? <span className={styles.cardIcon}>{icon(option)}</span> : null}
            <span className={styles.cardName}>{option.name}</span>
            <span className={styles.cardText}>{option.description}</span>
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
      <ChoiceError message={error} />
    </fieldset>
  );
}
