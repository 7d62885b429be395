import type { Id, toast as libraryToast, ToastContent, ToastOptions, UpdateOptions } from 'react-toastify';

/**
 * The app's only toast: every toast is keyed by its text unless the caller gives a key, so the same
 * message shown twice (a double click, a retry, two failing requests) stays one toast instead of a stack
 * (issue 16 item 8). ESLint forbids importing `toast` from react-toastify anywhere else.
 *
 * react-toastify is not part of the first load (issue 17 item 2): it is imported here on first use, or
 * when the app mounts its toast container (`web/src/app/toasts.tsx`, lazy), whichever comes first. Calls
 * made before it arrives are kept and replayed in order; react-toastify itself keeps the toasts shown
 * before its container is mounted. Every toast gets its id here, so the id is known at once.
 */
type Library = typeof libraryToast;

let library: Library | null = null;
let loading: Promise<Library> | null = null;
const waiting: Array<(toast: Library) => void> = [];
let counter = 0;

/** Loads react-toastify once and replays the calls made while it was on its way. */
export function loadToastLibrary(): Promise<Library> {
  loading ??= import('react-toastify').then((module) => {
    library = module.toast;
    for (const replay of waiting.splice(0)) replay(module.toast);
    return module.toast;
  });
  return loading;
}

/** Runs `action` now if the library is here, else once it arrives. */
function withLibrary(action: (toast: Library) => void): void {
  if (library) action(library);
  else {
    waiting.push(action);
    void loadToastLibrary();
  }
}

/** The caller's key, else the text, else a fresh one. */
function keyed<TData>(content: ToastContent<TData>, options?: ToastOptions<TData>): ToastOptions<TData> & { toastId: Id } {
  if (options?.toastId !== undefined) return { ...options, toastId: options.toastId };
  return { ...options, toastId: typeof content === 'string' ? content : `toast-${++counter}` };
}

/** Ids shown while the library was on its way (what `isActive` answers before it arrives). */
const shownEarly = new Set<Id>();

type Kind = 'success' | 'info' | 'error' | 'warning' | 'loading';
type Show = <TData = unknown>(content: ToastContent<TData>, options?: ToastOptions<TData>) => Id;
const show =
  (kind: Kind): Show =>
  (content, options) => {
    const keyedOptions = keyed(content, options);
    if (!library) shownEarly.add(keyedOptions.toastId);
    withLibrary((toast) => toast[kind](content, keyedOptions));
    return keyedOptions.toastId;
  };

export const toast = {
  success: show('success'),
  info: show('info'),
  error: show('error'),
  warning: show('warning'),
  warn: show('warning'),
  loading: show('loading'),
  update<TData = unknown>(id: Id, options: UpdateOptions<TData>): void {
    withLibrary((toast) => toast.update(id, options));
  },
  dismiss(id?: Id): void {
    if (id === undefined) shownEarly.clear();
    else shownEarly.delete(id);
    withLibrary((toast) => toast.dismiss(id));
  },
  isActive(id: Id): boolean {
    return library ? library.isActive(id) : shownEarly.has(id);
  },
};
