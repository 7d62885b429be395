import type { ReactNode } from 'react';
import styles from './auth.module.css';

/** A large native checkbox with its label (the whole row is the target). */
export function CheckboxField({
  checked,
  onChange,
  children,
  invalid = false,
  name,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  invalid?: boolean;
  name?: string;
}) {
  return (
    <label className={`${styles.check} ${invalid ? styles.checkInvalid : ''}`}>
      <input
        type="checkbox"
        name={name}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        aria-invalid={invalid || undefined}
      />
      <span>{children}</span>
    </label>
  );
}
