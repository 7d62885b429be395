import { useId, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { get, type FieldError, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import styles from './text-field.module.css';

/**
 * A labelled textarea bound to a schema form, like FormTextField: registered by name (inside this
 * component, so the form focuses its fields in the order they stand), showing that field's message.
 */
export function FormTextArea<T extends FieldValues>({
  form,
  name,
  label,
  className,
  ...rest
}: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'form' | 'name' | 'value' | 'onChange' | 'onBlur'> & {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any output type: the field only registers and reads errors
  form: UseFormReturn<T, unknown, any>;
  name: Path<T>;
  label: ReactNode;
}) {
  const id = useId();
  const error = get(form.formState.errors, name) as FieldError | undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <textarea
        id={id}
        className={`${styles.input} ${className ?? ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...rest}
        {...form.register(name)}
      />
      {error?.message ? (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error.message}
        </p>
      ) : null}
    </div>
  );
}
