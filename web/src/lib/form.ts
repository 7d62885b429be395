import { useEffect, useRef } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useForm, type FieldErrors, type FieldValues, type UseFormProps } from 'react-hook-form';
import type { zodResolver } from '@hookform/resolvers/zod';
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

/** zod's resolver for react-hook-form (and with it zod's core), imported on first use; asked again after a failure. */
let zodResolverModule: Promise<{ zodResolver: typeof zodResolver }> | undefined;
const loadZodResolver = () =>
  (zodResolverModule ??= import('@hookform/resolvers/zod').catch((error: unknown) => {
    zodResolverModule = undefined;
    throw error;
  }));

/** A form's schema, or a loader of it: `() => import('./schema').then((m) => m.schema)`, for a page whose first load has no zod. */
export type SchemaSource<S> = S | (() => Promise<S>);

/**
 * react-hook-form validated by a zod schema (usually one of common/schemas), messages from `issueMessage`.
 * `messages`: a field's own wording, already translated, for every issue of that field — e.g. the contact
 * form's "Please enter a valid e-mail address, so that we can answer you." Keyed by the field's path,
 * `*` for any list index ('questions.*.name'), else by its top-level name ('questions').
 *
 * zod's resolver is imported on first use, so this module brings no zod to a page (issue 17 item 2: a first
 * visit's bytes); a schema may be given as a loader (the options page's), so that the page brings none either.
 * Both are asked for when a field first changes, and awaited by the first validation (a submit, a re-check).
 * If that code cannot be fetched (a flaky network), the validation answers a form error, `form.unavailable`,
 * which the invalid-submit handler shows (`toastFirstError`); the next validation asks for it again.
 */
export function useSchemaForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: SchemaSource<S>,
  {
    messages = {},
    ...options
  }: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> & { messages?: Partial<Record<string, string>> } = {},
) {
  const { t } = useTranslation();
  const load = typeof schema === 'function' ? schema : () => Promise.resolve(schema);
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    ...options,
    resolver: async (values, context, resolverOptions) => {
      let resolver;
      try {
        const schemaLoaded = load();
        const [{ zodResolver }] = await Promise.all([loadZodResolver(), schemaLoaded]);
        // through `then`, the schema keeps its type S (`await` would give Awaited<S>)
        resolver = await schemaLoaded.then((loaded) =>
          zodResolver(loaded, { error: (issue) => fieldMessage(messages, issue) ?? issueMessage(issue, t) }),
        );
      } catch {
        // a form error (react-hook-form's `root`), not a field's: TypeScript cannot match it with a generic form's errors
        const errors = { root: { type: 'unavailable', message: t('form.unavailable') } } as FieldErrors<z.input<S>>;
        return { values: {}, errors };
      }
      return resolver(values, context, resolverOptions);
    },
  });
  // the code a validation needs is asked for before it, when a field first changes (not with the page)
  const latestLoad = useRef(load);
  useEffect(() => {
    latestLoad.current = load;
  });
  useEffect(() => {
    // eslint-disable-next-line react-hooks/incompatible-library -- watch's callback form, subscribed in an effect: nothing of it is memoized (no React Compiler here)
    const subscription = form.watch(() => {
      subscription.unsubscribe();
      void Promise.all([loadZodResolver(), latestLoad.current()]).catch(() => undefined);
    });
    return () => subscription.unsubscribe();
  }, [form]);
  return form;
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
