import type { Id, toast as libraryToast, ToastContent, ToastOptions, UpdateOptions } from 'react-toastify';

/**
 * The app's only toast: every toast is keyed by its text unless the caller gives a key, so the same
 * message shown twice (a double click, a retry, two failing requests) stays one toast instead of a stack
 * (issue 16 item 8). ESLint forbids importing `toast` from react-toastify anywhere else but in the
 * container that hands it over.
 *
 * react-toastify is not part of a visit until its first toast (issue 17 item 2): the app mounts its toast
 * container (`web/src/components/toasts.tsx`, lazy, with the library) once a toast is asked for
 * (`toastsWanted`), and the container connects itself here once mounted. Calls made before are kept and
 * replayed in order then — not as soon as the library has loaded: react-toastify drops an update of a toast
 * it holds for a container not mounted yet, and answers `isActive` false for it. Every toast gets its id
 * here, so the id is known at once. Before the first toast there is nothing to update or dismiss.
 */
type Library = typeof libraryToast;

let library: Library | null = null;
const waiting: Array<(toast: Library) => void> = [];
let counter = 0;
/** Ids shown while no container was there (what `isActive` answers until one is). */
const shownEarly = new Set<Id>();

/** Whether a toast has been asked for in this visit: the container (and react-toastify) are loaded from then on. */
let wanted = false;
const wantedListeners = new Set<() => void>();

/** For useSyncExternalStore: whether the toasts' container is needed yet. */
export const toastsWanted = (): boolean => wanted;
export function subscribeToastsWanted(listener: () => void): () => void {
  wantedListeners.add(listener);
  return () => wantedListeners.delete(listener);
}
function want(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of wantedListeners) listener();
}

/** The mounted container hands react-toastify over: the calls made before it are replayed. Answers the disconnection. */
export function connectToasts(toast: Library): () => void {
  library = toast;
  shownEarly.clear();
  for (const replay of waiting.splice(0)) replay(toast);
  return () => {
    if (library === toast) library = null;
  };
}

/** Runs `action` now if a container is there, else once one is. */
function withLibrary(action: (toast: Library) => void): void {
  if (library) action(library);
  else waiting.push(action);
}

/** The caller's key, else the text, else a fresh one. */
function keyed<TData>(content: ToastContent<TData>, options?: ToastOptions<TData>): ToastOptions<TData> & { toastId: Id } {
  if (options?.toastId !== undefined) return { ...options, toastId: options.toastId };
  return { ...options, toastId: typeof content === 'string' ? content : `toast-${++counter}` };
}

type Kind = 'success' | 'info' | 'error' | 'warning' | 'loading';
type Show = <TData = unknown>(content: ToastContent<TData>, options?: ToastOptions<TData>) => Id;
const show =
  (kind: Kind): Show =>
  (content, options) => {
    const keyedOptions = keyed(content, options);
    if (!library) shownEarly.add(keyedOptions.toastId);
    want();
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
    if (!wanted) return; // no toast was ever shown: none to update
    withLibrary((toast) => toast.update(id, options));
  },
  dismiss(id?: Id): void {
    if (id === undefined) shownEarly.clear();
    else shownEarly.delete(id);
    if (!wanted) return; // no toast was ever shown: none to dismiss
    withLibrary((toast) => toast.dismiss(id));
  },
  isActive(id: Id): boolean {
    return library ? library.isActive(id) : shownEarly.has(id);
  },
};
