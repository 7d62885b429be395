import { useCallback, useRef, useState, type ComponentType, type PointerEvent, type RefObject } from 'react';

/** What a real menu is given when it takes its look-alike's place. */
export interface IntentProps {
  /** The look-alike was pressed or clicked (or tapped, or Enter/Space pressed on it): the menu opens as it arrives. */
  defaultOpen?: boolean;
  /** The look-alike had the keyboard focus: the real trigger takes it. */
  autoFocus?: boolean;
}

/** Handlers for the look-alike button: any sign of intent downloads the real menu. */
export interface FaceProps {
  ref: RefObject<HTMLButtonElement | null>;
  onPointerEnter: () => void;
  onPointerDown: (event: PointerEvent<HTMLButtonElement>) => void;
  onFocus: () => void;
  onClick: () => void;
}

/**
 * A menu whose code (Radix's dropdown or dialog, floating-ui, react-remove-scroll…) is downloaded on the first
 * sign of intent — the pointer over its look-alike button, a touch, the keyboard focus, a click — not with the
 * page (issue 17 item 2). The look-alike stays in place, focused if it was, until the menu has arrived; nothing
 * is lost: a press or a click opens the menu as it arrives (`defaultOpen`), a keyboard focus moves to the real trigger
 * (`autoFocus`). A chunk that could not be fetched is asked for again on the next sign of intent.
 */
export function lazyOnIntent<P extends IntentProps>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const get = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));

  /** `onOpen`: what else a wish to open does (a menu whose open state is kept elsewhere opens there). */
  return function useOnIntent(onOpen?: () => void): { Real: ComponentType<P> | undefined; intent: IntentProps; face: FaceProps } {
    const [Real, setReal] = useState(() => loaded);
    const [intent, setIntent] = useState<IntentProps>({});
    const ref = useRef<HTMLButtonElement | null>(null);
    const want = useCallback(() => {
      get().then(
        (component) => {
          const focused = ref.current !== null && ref.current === document.activeElement;
          setIntent((before) => ({ ...before, autoFocus: focused }));
          setReal(() => component);
        },
        () => undefined,
      );
    }, []);
    const click = useCallback(() => {
      setIntent((before) => ({ ...before, defaultOpen: true }));
      onOpen?.();
      want();
    }, [want, onOpen]);
    // Radix's triggers open on the press, as the real one would have: a menu arriving between the press and its click
    // takes the look-alike's place, and the click, which no longer lands on the button it was pressed on, never comes.
    const press = useCallback(
      (event: PointerEvent<HTMLButtonElement>) => (event.button === 0 && !event.ctrlKey ? click() : want()),
      [click, want],
    );
    return { Real, intent, face: { ref, onPointerEnter: want, onPointerDown: press, onFocus: want, onClick: click } };
  };
}
