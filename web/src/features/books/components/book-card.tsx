import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import * as DropdownMenu from 'radix-ui/dropdown-menu';
import type { Language } from '@common/constants';
import { bookTypeOf } from '@common/rules/book-type';
import { progressPercent } from '@common/rules/progress';
import type { BookListItem } from '@common/schemas/books';
import { paths } from '../../../lib/paths';
import { useBookCover } from '../api/use-book-cover';
import { DotsIcon, HeadphonesIcon, LockIcon, PrintIcon } from '../../../components/icons';
import { PlaceholderCover } from './placeholder-cover';
import { ProgressRing } from './progress-ring';
import styles from './book-card.module.css';

export function BookCard({
  book,
  lng,
  highlighted,
  onRename,
  onDelete,
}: {
  book: BookListItem;
  lng: Language;
  highlighted: boolean;
  onRename: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('books');
  const navigate = useNavigate();
  const cover = useBookCover(book.id, book.cover_url);
  const percent = progressPercent(book.checkpoint_data.data);
  const type = bookTypeOf(book.checkpoint_data.general_category_id);
  const open = paths.questions(lng, book.id);
  return (
    <article
      className={`${styles.card} ${highlighted ? styles.highlighted : ''}`}
      aria-labelledby={`book-${book.id}`}
      data-testid="book-card"
    >
      {highlighted ? <p className={styles.ribbon}>{t('my_books.continue')}</p> : null}
      <div className={styles.body}>
        <Link to={open} className={styles.cover} tabIndex={-1} aria-hidden="true">
          {cover ? <img src={cover} alt="" /> : <PlaceholderCover title={book.book_name} />}
        </Link>
        <div className={styles.info}>
          <div className={styles.top}>
            <span
              className={`${styles.lock} ${book.is_payed ? styles.unlocked : ''}`}
              title={t(book.is_payed ? 'my_books.unlocked' : 'my_books.locked')}
            >
              <LockIcon open={book.is_payed} />
              <span className="visually-hidden">{t(book.is_payed ? 'my_books.unlocked' : 'my_books.locked')}</span>
            </span>
            <DropdownMenu.Root>
              <DropdownMenu.Trigger className={styles.menuButton} aria-label={t('my_books.menu', { name: book.book_name })}>
                <DotsIcon />
              </DropdownMenu.Trigger>
              <DropdownMenu.Portal>
                <DropdownMenu.Content className={styles.menu} align="end" sideOffset={6}>
                  <DropdownMenu.Item className={styles.menuItem} onSelect={() => navigate(open)}>
                    {t('my_books.edit')}
                  </DropdownMenu.Item>
                  <DropdownMenu.Item className={styles.menuItem} onSelect={onRename}>
                    {t('my_books.rename')}
                  </DropdownMenu.Item>
                  <DropdownMenu.Separator className={styles.menuSeparator} />
                  <DropdownMenu.Item className={`${styles.menuItem} ${styles.menuDanger}`} onSelect={onDelete}>
                    {t('my_books.delete')}
                  </DropdownMenu.Item>
                </DropdownMenu.Content>
              </DropdownMenu.Portal>
            </DropdownMenu.Root>
          </div>
          <h2 id={`book-${book.id}`} className={styles.name}>
            <Link to={open}>{book.book_name}</Link>
          </h2>
          <p className={styles.type}>{t(`types.${type}`)}</p>
          <div className={styles.bottom}>
            <ProgressRing percent={percent} size={highlighted ? 76 : 60} />
            <div className={styles.shortcuts}>
              <Link to={paths.printing(lng, book.id)} className={styles.shortcut}>
                <PrintIcon />
                <span>{t('my_books.print')}</span>
              </Link>
              <Link to={open} state={{ audiobook: true }} className={styles.shortcut}>
                <HeadphonesIcon />
                <span>{t('my_books.audiobook')}</span>
              </Link>
            </div>
          </div>
        </div>
      </div>
    </article>
  );
}
