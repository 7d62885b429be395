import type { ComponentProps } from 'react';
import { get, type FieldError, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { TextField } from './text-field';

/** A TextField bound to a schema form: registered by name, showing that field's message. */
export function FormTextField<T extends FieldValues>({
  form,
  name,
  ...rest
}: Omit<ComponentProps<typeof TextField>, 'form' | 'name' | 'error' | 'value' | 'onChange' | 'onBlur' | 'ref'> & {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any output type: the field only registers and reads errors
  form: UseFormReturn<T, unknown, any>;
  name: Path<T>;
}) {
  const error = get(form.formState.errors, name) as FieldError | undefined;
  return <TextField {...rest} {...form.register(name)} error={error?.message} />;
}
