import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import * as Dialog from 'radix-ui/dialog';
import { useTranslation } from 'react-i18next';
import { familyApi } from '@common/api/family';
import { chapterParagraphs, cleanLine, paragraphsOf } from '@common/rules/book-text';
import type { Session } from '@common/schemas/session';
import { call } from '../../lib/api';
import { PreviewChapter } from './preview-chapter';
import { useSectionInView, type PreviewSection } from './use-section-in-view';
import styles from './book-preview-dialog.module.css';

/**
 * The whole book as it will print: cover, synopsis, introduction, chapters with their photos,
 * summary, and the relatives the book credits (issue 19: the contributors' page of the PDF and
 * EPUB). The navigation highlights the section in view (IntersectionObserver) and jumps to a
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
  // the same list the PDF and EPUB print; a preview without it is still a preview
  const credits =
    useQuery({
      queryKey: ['family-credits', session.id],
      queryFn: () => call(familyApi.familyCredits, { params: { id: session.id } }, { quiet: true }),
      enabled: open,
    }).data ?? [];
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
    if (credits.length) list.push({ id: 'preview-contributors', label: t('nav.contributors'), kind: 'contributors' });
    return list;
  }, [chapters, synopsis.length, introduction.length, summary.length, credits.length, t]);

  const { active, goTo, setScroller, navList } = useSectionInView(open, sections);

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
                {chapters.map((chapter) => (
                  <PreviewChapter key={chapter.id} chapter={chapter} images={images} />
                ))}
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
                {credits.length ? (
                  <section id="preview-contributors" tabIndex={-1} className={`${styles.section} ${styles.contributors}`}>
                    <h2 className={styles.sectionTitle}>{t('nav.contributors')}</h2>
                    {credits.map((credit, i) => (
                      <p key={i} className={styles.contributor}>
                        {t('contributor', { name: credit.name, relation: credit.relation })}
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
