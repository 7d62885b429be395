import { useCallback, useEffect, useRef, useState } from 'react';

export interface PreviewSection {
  id: string;
  label: string;
  kind: 'cover' | 'synopsis' | 'introduction' | 'chapter' | 'summary' | 'contributors';
}

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

/**
 * The preview's navigation: the section in view is highlighted (IntersectionObserver on the pages),
 * and choosing a section scrolls the pages to it. `setScroller` goes on the scrolling pages, `navList`
 * on the navigation list.
 */
export function useSectionInView(open: boolean, sections: PreviewSection[]) {
  const scroller = useRef<HTMLDivElement | null>(null);
  const navList = useRef<HTMLOListElement | null>(null);
  const [active, setActive] = useState(sections[0]?.id ?? '');
  const [contentReady, setContentReady] = useState(false);
  /** While a chosen section scrolls into view, the observer does not move the highlight. */
  const pinned = useRef(false);
  const idle = useRef<number | null>(null);
  const repick = useRef<(() => void) | null>(null);

  /**
   * Once the pages stop scrolling (no scroll event for a moment), the pin is lifted and the section in
   * view is picked again. A fixed delay is not enough: a smooth scroll on a slow phone outlasts it, and
   * when the scroll then ends at the bottom no observer entry comes to pick the last section.
   */
  const settleLater = useCallback(() => {
    if (idle.current !== null) window.clearTimeout(idle.current);
    idle.current = window.setTimeout(() => {
      idle.current = null;
      pinned.current = false;
      repick.current?.();
    }, 250);
  }, []);

  const setScroller = useCallback((node: HTMLDivElement | null) => {
    scroller.current = node;
    setContentReady(Boolean(node));
  }, []);

  // The section in view: the first (in reading order) crossing the upper third of the pages.
  useEffect(() => {
    const root = scroller.current;
    if (!open || !contentReady || !root || typeof IntersectionObserver === 'undefined') return;
    const visible = new Map<string, boolean>();
    const pick = () => {
      // At the very end the last sections can never reach the upper third: the last one showing wins.
      if (root.scrollTop > 0 && root.scrollTop + root.clientHeight >= root.scrollHeight - 4) {
        const bottom = root.getBoundingClientRect().bottom;
        const last = [...sections].reverse().find((s) => {
          const element = root.querySelector(`#${CSS.escape(s.id)}`);
          return element && element.getBoundingClientRect().top < bottom - 48;
        });
        if (last) return setActive(last.id);
      }
      const current = sections.find((s) => visible.get(s.id));
      if (current) setActive(current.id);
    };
    repick.current = pick;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) visible.set(entry.target.id, entry.isIntersecting);
        if (!pinned.current) pick();
      },
      { root, rootMargin: '0px 0px -66% 0px', threshold: 0 },
    );
    for (const section of sections) {
      const element = root.querySelector(`#${CSS.escape(section.id)}`);
      if (element) observer.observe(element);
    }
    root.addEventListener('scroll', settleLater, { passive: true });
    return () => {
      observer.disconnect();
      root.removeEventListener('scroll', settleLater);
      if (idle.current !== null) window.clearTimeout(idle.current);
      idle.current = null;
      pinned.current = false;
      repick.current = null;
    };
  }, [open, contentReady, sections, settleLater]);

  // Keep the highlighted entry visible in the navigation (the phone strip scrolls sideways).
  useEffect(() => {
    const item = navList.current?.querySelector<HTMLElement>(`[data-section="${CSS.escape(active)}"]`);
    item?.scrollIntoView?.({ block: 'nearest', inline: 'nearest', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  }, [active]);

  const goTo = (id: string) => {
    const root = scroller.current;
    const target = root?.querySelector<HTMLElement>(`#${CSS.escape(id)}`);
    if (!root || !target) return;
    setActive(id);
    pinned.current = true;
    settleLater();
    root.scrollTo({ top: target.offsetTop - root.offsetTop, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    target.focus({ preventScroll: true });
  };

  return { active, goTo, setScroller, navList };
}
