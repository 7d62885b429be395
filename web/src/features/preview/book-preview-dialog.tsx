import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Dialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { chapterParagraphs, cleanLine, paragraphsOf } from '@common/rules/book-text';
import type { Session } from '@common/schemas/session';
import styles from './book-preview-dialog.module.css';

interface PreviewSection {
  id: string;
  label: string;
  kind: 'cover' | 'synopsis' | 'introduction' | 'chapter' | 'summary';
}

/** Photos of a chapter are keyed `chap_{id}_media_{0|1}`; the cover `cover_media_photo` (spec section 3). */
const photoKey = (chapterId: number, slot: 0 | 1) => `chap_${chapterId}_media_${slot}`;

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

/**
 * The whole book as it will print: cover, synopsis, introduction, chapters with their photos,
 * summary. The navigation highlights the section in view (IntersectionObserver) and jumps to a
 * section when chosen. All author text is rendered as React text (escaped). On a phone the
 * navigation becomes a scrollable strip above the pages. The workspace disables its preview
 * button on desktop while the book is unpaid (spec section 2).
 */
export function BookPreviewDialog({
  open,
  onOpenChange,
  session,
  images,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  session: Session;
  images: Record<string, string>;
}) {
  const { t } = useTranslation('preview');
  const checkpoint = session.checkpoint_data;
  const title = cleanLine(session.book_name) || t('untitled');
  const synopsis = paragraphsOf(checkpoint.another_story_subject);
  const introduction = paragraphsOf(session.introduction);
  const summary = paragraphsOf(session.book_summary);
  const chapters = useMemo(
    () =>
      checkpoint.data.map((chapter, index) => ({
        id: chapter.id,
        number: index + 1,
        title: cleanLine(chapter.name),
        paragraphs: chapterParagraphs(chapter),
      })),
    [checkpoint.data],
  );

  const sections: PreviewSection[] = useMemo(() => {
    const list: PreviewSection[] = [{ id: 'preview-cover', label: t('nav.cover'), kind: 'cover' }];
    if (synopsis.length) list.push({ id: 'preview-synopsis', label: t('nav.synopsis'), kind: 'synopsis' });
    if (introduction.length) list.push({ id: 'preview-introduction', label: t('nav.introduction'), kind: 'introduction' });
    for (const chapter of chapters)
      list.push({ id: `preview-chapter-${chapter.id}`, label: chapter.title || t('chapter', { n: chapter.number }), kind: 'chapter' });
    if (summary.length) list.push({ id: 'preview-summary', label: t('nav.summary'), kind: 'summary' });
    return list;
  }, [chapters, synopsis.length, introduction.length, summary.length, t]);

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

  const cover = images.cover_media_photo;

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog} aria-describedby={undefined} data-testid="book-preview">
          <header className={styles.header}>
            <Dialog.Title className={styles.heading}>
              <span className={styles.eyebrow}>{t('title')}</span>
              <span className={styles.bookName}>{title}</span>
            </Dialog.Title>
            <Dialog.Close className={styles.close} aria-label={t('close')}>
              <span aria-hidden="true">×</span>
            </Dialog.Close>
          </header>
          <div className={styles.layout}>
            <nav className={styles.nav} aria-label={t('nav.label')}>
              <ol ref={navList} className={styles.navList}>
                {sections.map((section) => (
                  <li key={section.id}>
                    <button
                      type="button"
                      data-section={section.id}
                      className={styles.navItem}
                      aria-current={active === section.id ? 'location' : undefined}
                      onClick={() => goTo(section.id)}
                    >
                      {section.label}
                    </button>
                  </li>
                ))}
              </ol>
            </nav>
            <div ref={setScroller} className={styles.pages} tabIndex={-1}>
              <article className={styles.book} lang={checkpoint.language}>
                <section id="preview-cover" tabIndex={-1} className={`${styles.section} ${styles.cover}`} aria-label={t('nav.cover')}>
                  {cover ? (
                    <img className={styles.coverImage} src={cover} alt={t('cover_alt')} />
                  ) : (
                    <div className={styles.coverPlaceholder} aria-hidden="true" />
                  )}
                  <h2 className={styles.bookTitle}>{title}</h2>
                </section>
                {synopsis.length ? (
                  <section id="preview-synopsis" tabIndex={-1} className={styles.section}>
                    <h2 className={styles.sectionTitle}>{t('nav.synopsis')}</h2>
                    {synopsis.map((p, i) => (
                      <p key={i} className={styles.synopsis}>
                        {p}
                      </p>
                    ))}
                  </section>
                ) : null}
                {introduction.length ? (
                  <section id="preview-introduction" tabIndex={-1} className={styles.section}>
                    <h2 className={styles.sectionTitle}>{t('nav.introduction')}</h2>
                    {introduction.map((p, i) => (
                      <p key={i} className={styles.paragraph}>
                        {p}
                      </p>
                    ))}
                  </section>
                ) : null}
                {chapters.map((chapter) => {
                  const middle = chapter.paragraphs.length >= 2 ? Math.floor(chapter.paragraphs.length / 2) : chapter.paragraphs.length;
                  const first = images[photoKey(chapter.id, 0)];
                  const second = images[photoKey(chapter.id, 1)];
                  const photo = (src: string) => (
                    <figure className={styles.figure}>
                      <img src={src} alt={t('photo_alt', { chapter: chapter.title })} loading="lazy" />
                    </figure>
                  );
                  return (
                    <section key={chapter.id} id={`preview-chapter-${chapter.id}`} tabIndex={-1} className={styles.section}>
                      <h2 className={styles.sectionTitle}>
                        <span className={styles.chapterLabel}>{t('chapter', { n: chapter.number })}</span>
                        {chapter.title}
                      </h2>
                      {first ? photo(first) : null}
                      {chapter.paragraphs.length === 0 ? <p className={styles.empty}>{t('not_written')}</p> : null}
                      {chapter.paragraphs.map((p, i) => (
                        <div key={i} className={styles.paragraphGroup}>
                          {i === middle && second ? photo(second) : null}
                          <p className={styles.paragraph}>{p}</p>
                        </div>
                      ))}
                      {second && middle >= chapter.paragraphs.length ? photo(second) : null}
                    </section>
                  );
                })}
                {summary.length ? (
                  <section id="preview-summary" tabIndex={-1} className={styles.section}>
                    <h2 className={styles.sectionTitle}>{t('nav.summary')}</h2>
                    {summary.map((p, i) => (
                      <p key={i} className={styles.paragraph}>
                        {p}
                      </p>
                    ))}
                  </section>
                ) : null}
              </article>
            </div>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
