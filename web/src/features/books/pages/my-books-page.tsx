import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import type { Language } from '@common/constants';
import type { BookListItem } from '@common/schemas/books';
import { BOOK_NAME_MAX_LENGTH } from '@common/rules/book-name';
import { Button } from '../../../components/button';
import { Loader } from '../../../components/loader';
import { Modal } from '../../../components/modal';
import { Screen } from '../../../components/screen';
import { TextField } from '../../../components/text-field';
import { paths } from '../../../lib/paths';
import { useDeleteBook } from '../api/delete-book';
import { useUserSessions } from '../../../lib/user-sessions';
import { useUpdateBookName } from '../api/update-book-name';
import { BookCard } from '../components/book-card';
import styles from './my-books-page.module.css';

/** My Books: newest-updated first, the first highlighted; rename and delete from each card's menu. */
export function MyBooksPage() {
  const { t } = useTranslation('books');
  const lng = useParams().lang as Language;
  const books = useUserSessions();
  const rename = useUpdateBookName();
  const remove = useDeleteBook();
  const [renaming, setRenaming] = useState<BookListItem | null>(null);
  const [newName, setNewName] = useState('');
  const [deleting, setDeleting] = useState<BookListItem | null>(null);

  const createButton = (
    <Link to={paths.generalCategories(lng, 1)} className={styles.create}>
      <span aria-hidden="true">+</span> {t('my_books.create')}
    </Link>
  );

  async function handleRename(event: React.FormEvent) {
    event.preventDefault();
    if (!renaming) return;
    const value = newName.trim();
    if (!value || value === renaming.book_name) {
      setRenaming(null);
      return;
    }
    try {
      await rename.mutateAsync({ id: renaming.id, book_name: value, previous_book_name: renaming.book_name });
      toast.success(t('my_books.rename_success'));
      setRenaming(null);
    } catch {
      toast.error(t('my_books.rename_failure'));
    }
  }

  async function handleDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      setDeleting(null);
    } catch {
      // the API client has shown why
    }
  }

  return (
    <Screen title={t('my_books.title')} width="wide">
      <div className={styles.toolbar}>{createButton}</div>
      {books.isPending ? (
        <div className={styles.loading} data-testid="books-loading">
          <div className={styles.pages} aria-hidden="true">
            <span />
            <span />
            <span />
          </div>
          <Loader label={t('my_books.loading')} />
        </div>
      ) : books.isError ? (
        <p className={styles.empty}>{t('my_books.load_failed')}</p>
      ) : books.data.length === 0 ? (
        <div className={styles.empty} data-testid="books-empty">
          <svg viewBox="0 0 96 72" width="120" height="90" aria-hidden="true">
            <path
              d="M48 14C36 4 18 4 6 10v54c12-6 30-6 42 4 12-10 30-10 42-4V10C78 4 60 4 48 14z"
              fill="#fdf8f1"
              stroke="#7a3e2b"
              strokeWidth="2.5"
              strokeLinejoin="round"
            />
            <path d="M48 14v54" stroke="#7a3e2b" strokeWidth="2.5" />
          </svg>
          <h2>{t('my_books.empty_title')}</h2>
          <p>{t('my_books.empty_hint')}</p>
        </div>
      ) : (
        <div className={styles.grid}>
          {books.data.map((book, index) => (
            <BookCard
              key={book.id}
              book={book}
              lng={lng}
              highlighted={index === 0}
              onRename={() => {
                setNewName(book.book_name);
                setRenaming(book);
              }}
              onDelete={() => setDeleting(book)}
            />
          ))}
        </div>
      )}

      <Modal open={renaming !== null} onOpenChange={(open) => !open && setRenaming(null)} title={t('my_books.rename_title')}>
        <form onSubmit={handleRename}>
          <TextField
            label={t('my_books.rename_label')}
            value={newName}
            maxLength={BOOK_NAME_MAX_LENGTH}
            onChange={(e) => setNewName(e.target.value)}
            autoFocus
          />
          <div className={styles.modalActions}>
            <Button variant="secondary" onClick={() => setRenaming(null)}>
              {t('my_books.cancel')}
            </Button>
            <Button type="submit" busy={rename.isPending}>
              {t('my_books.save')}
            </Button>
          </div>
        </form>
      </Modal>

      <Modal
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('my_books.delete_title')}
        description={t('my_books.delete_text', { name: deleting?.book_name ?? '' })}
      >
        <div className={styles.modalActions}>
          <Button variant="secondary" onClick={() => setDeleting(null)}>
            {t('my_books.cancel')}
          </Button>
          <Button variant="danger" busy={remove.isPending} onClick={() => void handleDelete()}>
            {t('my_books.delete_confirm')}
          </Button>
        </div>
      </Modal>
    </Screen>
  );
}
