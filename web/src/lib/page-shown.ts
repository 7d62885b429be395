import { useEffect, useState } from 'react';

/**
 * When the first page's content is on screen. Reads that page does not show wait for it (the startup refresh, the
 * workspace's audiobook line): on a phone's first visit every request made before the page's largest paint shares the
 * network, and HTTP/1.1's six connections, with what that paint waits for (docs/performance.md, "Reads the first page
 * does not show"). The router's first page tells it two frames after it renders (app/page.tsx); a page whose content
 * comes later tells it itself (`pageTellsWhenShown`: the workspace, once its title is painted). In a hidden tab, which
 * paints nothing, and after `LATEST_MS` in any case, it is taken as shown.
 */
const LATEST_MS = 4_000;

let markShown: () => void = () => undefined;
const shown = new Promise<void>((resolve) => (markShown = resolve));
let isShown = false;
let toldByPage = false;

/** The page's content is on screen (the workspace's title; the router's page two frames after it rendered). */
export function contentShown(): void {
  isShown = true;
  markShown();
}

if (typeof document !== 'undefined') {
  if (document.visibilityState === 'hidden') contentShown();
  else document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && contentShown(), { once: true });
}
setTimeout(contentShown, LATEST_MS);

export const whenPageShown = (): Promise<void> => shown;

/** Called as a page's module is evaluated, before it renders: its content comes after its first render, and it tells `contentShown` itself. */
export function pageTellsWhenShown(): void {
  toldByPage = true;
}

/** The router's page has rendered (every page calls it; only the first matters): two frames later it is on screen, unless the page tells it itself. */
export function pageRendered(): void {
  if (isShown || toldByPage) return;
  requestAnimationFrame(() => requestAnimationFrame(contentShown));
}

/** `whenPageShown` as a component's state: false until then. */
export function usePageShown(): boolean {
  const [value, setValue] = useState(isShown);
  useEffect(() => {
    let alive = true;
    if (!value) void shown.then(() => alive && setValue(true));
    return () => {
      alive = false;
    };
  }, [value]);
  return value;
}
