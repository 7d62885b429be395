import { zodResolver } from '@hookform/resolvers/zod';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useForm, type FieldErrors, type FieldValues, type UseFormProps } from 'react-hook-form';
import { toast } from './toast';
import type { z } from 'zod';

/**
 * The one translation of a zod issue into the words a form shows, for every form: an empty value is
 * "required" whatever check caught it (the shared schemas trim, then check a length or a format).
 * A schema that needs its own wording gives the issue an `error` already translated; zod keeps it.
 */
export function issueMessage(issue: z.core.$ZodRawIssue, t: TFunction): string {
  const input: unknown = issue.input;
  if (input === undefined || input === null || (typeof input === 'string' && input.trim() === '')) return t('form.required');
  switch (issue.code) {
    case 'invalid_format':
      return issue.format === 'email' ? t('form.invalid_email') : t('form.invalid');
    case 'too_small':
      return t('form.too_short', { min: Number(issue.minimum) });
    case 'too_big':
      return t('form.too_long', { max: Number(issue.maximum) });
    default:
      return t('form.invalid');
  }
}

/**
 * react-hook-form validated by a zod schema (usually one of common/schemas), messages from `issueMessage`.
 * `messages`: a field's own wording, already translated, for every issue of that field — e.g. the contact
 * form's "Please enter a valid e-mail address, so that we can answer you." Keyed by the field's path,
 * `*` for any list index ('questions.*.name'), else by its top-level name ('questions').
 */
export function useSchemaForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  {
    messages = {},
    ...options
  }: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> & { messages?: Partial<Record<string, string>> } = {},
) {
  const { t } = useTranslation();
  return useForm<z.input<S>, unknown, z.output<S>>({
    ...options,
    resolver: zodResolver(schema, { error: (issue) => fieldMessage(messages, issue) ?? issueMessage(issue, t) }),
  });
}

function fieldMessage(messages: Partial<Record<string, string>>, issue: z.core.$ZodRawIssue): string | undefined {
  const path = (issue.path ?? []).map((key) => (typeof key === 'number' ? '*' : String(key)));
  return messages[path.join('.')] ?? (path.length > 0 ? messages[path[0]] : undefined);
}

/** The invalid-submit handler of every form: the first message (a list's items included) also goes to a toast. */
export function toastFirstError(errors: FieldErrors) {
  const first = firstMessage(errors);
  if (first) toast.error(first, { toastId: first });
}

function firstMessage(errors: unknown): string | undefined {
  if (typeof errors !== 'object' || errors === null) return undefined;
  if ('message' in errors && typeof errors.message === 'string' && errors.message) return errors.message;
  for (const [key, value] of Object.entries(errors)) {
    if (key === 'ref' || key === 'types') continue;
    const found = firstMessage(value);
    if (found) return found;
  }
  return undefined;
}
