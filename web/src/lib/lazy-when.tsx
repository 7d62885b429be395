import { lazy, Suspense, useState, type ComponentType } from 'react';

/**
 * A component whose code (and what it imports: Radix's dialog, a form and zod…) is downloaded only when it is
 * first shown — a dialog when first opened — not with the page (issue 17 item 2: a first visit's bytes).
 * Until then it renders nothing, as a closed dialog does; once shown it stays mounted, so its closing works
 * as before. If its chunk cannot be fetched (a flaky network) it renders nothing rather than taking the page down.
 */
export function lazyWhen<P extends object>(isShown: (props: P) => boolean, load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazy<ComponentType<P>>(() =>
    load().then(
      (component) => ({ default: component }),
      () => ({ default: () => null }),
    ),
  );
  function ShownOnce(props: P) {
    const shown = isShown(props);
    const [wasShown, setWasShown] = useState(shown);
    if (shown && !wasShown) setWasShown(true);
    if (!shown && !wasShown) return null;
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return ShownOnce;
}

/** A dialog (`open` prop) downloaded when first opened. */
export const lazyDialog = <P extends { open: boolean }>(load: () => Promise<ComponentType<P>>): ComponentType<P> =>
  lazyWhen((props: P) => props.open, load);
