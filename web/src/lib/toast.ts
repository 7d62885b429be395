import { toast as library, type Id, type ToastContent, type ToastOptions } from 'react-toastify';

/**
 * The app's only toast: every toast is keyed by its text unless the caller gives a key, so the same
 * message shown twice (a double click, a retry, two failing requests) stays one toast instead of a stack
 * (issue 16 item 8). ESLint forbids importing `toast` from react-toastify anywhere else.
 */
function keyed<TData>(content: ToastContent<TData>, options?: ToastOptions<TData>): ToastOptions<TData> {
  if (options?.toastId !== undefined || typeof content !== 'string') return { ...options };
  return { ...options, toastId: content };
}

type Show = <TData = unknown>(content: ToastContent<TData>, options?: ToastOptions<TData>) => Id;
const keyedBy =
  (show: Show): Show =>
  (content, options) =>
    show(content, keyed(content, options));

export const toast: typeof library = Object.assign(keyedBy(library), library, {
  success: keyedBy(library.success),
  info: keyedBy(library.info),
  error: keyedBy(library.error),
  warning: keyedBy(library.warning),
  warn: keyedBy(library.warning),
  loading: keyedBy(library.loading),
});
