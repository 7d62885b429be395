import { useTranslation } from 'react-i18next';
import styles from './book-preview-dialog.module.css';

/** Photos of a chapter are keyed `chap_{id}_media_{0|1}`; the cover `cover_media_photo` (spec section 3). */
const photoKey = (chapterId: number, slot: 0 | 1) => `chap_${chapterId}_media_${slot}`;

/** One chapter as it will print: its title, the first photo above the text, the second in the middle. */
export function PreviewChapter({
  chapter,
  images,
}: {
  chapter: { id: number; number: number; title: string; paragraphs: string[] };
  images: Record<string, string>;
}) {
  const { t } = useTranslation('preview');
  const middle = chapter.paragraphs.length >= 2 ? Math.floor(chapter.paragraphs.length / 2) : chapter.paragraphs.length;
  const first = images[photoKey(chapter.id, 0)];
  const second = images[photoKey(chapter.id, 1)];
  const photo = (src: string) => (
    <figure className={styles.figure}>
      <img src={src} alt={t('photo_alt', { chapter: chapter.title })} loading="lazy" />
    </figure>
  );
  return (
    <section id={`preview-chapter-${chapter.id}`} tabIndex={-1} className={styles.section}>
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
}
