import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isChapterLocked } from '@common/rules/workspace-unpaid';
import { Loader } from '../../../components/loader';
import { Screen } from '../../../components/screen';
import { paths } from '../../../lib/paths';
import { useCurrentLanguage } from '../../../lib/use-current-language';
import { useContributions, useFamilyBook, useInvitations } from '../api/author-calls';
import { ContributionList } from '../components/contribution-list';
import { InvitationList } from '../components/invitation-list';
import { InviteForm } from '../components/invite-form';
import styles from '../family.module.css';

/**
 * /{lang}/family/:sessionId (issue 19, docs/family.md): the author invites relatives to a chapter,
 * shares or withdraws their links, and decides what to do with what they remember.
 */
export function FamilyPage() {
  const { t } = useTranslation('family');
  const lng = useCurrentLanguage();
  const bookId = Number(useParams().sessionId);
  const book = useFamilyBook(bookId);
  const invitations = useInvitations(bookId);
  const contributions = useContributions(bookId);
  const [lastLink, setLastLink] = useState<string | null>(null);

  if (book.isError) return <Screen title={t('author.not_found')} width="narrow" />;
  if (!book.data || !invitations.data || !contributions.data) return <Loader />;
  const session = book.data;
  const chapters = session.checkpoint_data.data;
  const open = chapters.filter((chapter, index) => !isChapterLocked(index, session.is_payed, chapter.id, session.unlocked_chapters ?? []));

  return (
    <Screen title={t('author.title')} lead={t('author.lead', { book: session.book_name })} width="normal">
      <p>
        <Link to={paths.questions(lng, bookId)}>{t('author.back')}</Link>
      </p>
      <section className={styles.group} aria-labelledby="family-memories">
        <h2 id="family-memories" className={styles.chapter}>
          {t('author.memories')}
        </h2>
        <ContributionList bookId={bookId} chapters={chapters} contributions={contributions.data} />
      </section>
      <section className={styles.group} aria-labelledby="family-invite">
        <h2 id="family-invite" className={styles.chapter}>
          {t('author.invite')}
        </h2>
        {!session.is_payed ? <p className={styles.hint}>{t('author.unpaid')}</p> : null}
        <InviteForm bookId={bookId} chapters={open} lng={lng} onInvited={setLastLink} />
        {lastLink ? (
          <p className={styles.newLink}>
            {t('author.new_link')} <code>{lastLink}</code>
          </p>
        ) : null}
      </section>
      <section className={styles.group} aria-labelledby="family-links">
        <h2 id="family-links" className={styles.chapter}>
          {t('author.links')}
        </h2>
        <InvitationList bookId={bookId} invitations={invitations.data} />
      </section>
    </Screen>
  );
}
