import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ANSWER_MAX_LENGTH } from '@common/constants';
import type { Contribution, ContributionStatus } from '@common/schemas/family';
import type { Chapter } from '@common/schemas/session';
import { Button } from '../../../components/button';
import { contributionPhotoUrl, useFamilyActions } from '../api/author-calls';
import styles from '../family.module.css';

/**
 * What relatives wrote, under the question it answers: "as Marie, my sister, remembers it". The
 * author accepts it (the writer may use it), quotes it (a passage of the chapter, word for word),
 * edits it, dismisses it, or takes a decision back.
 */
export function ContributionList({
  bookId,
  chapters,
  contributions,
}: {
  bookId: number;
  chapters: Chapter[];
  contributions: Contribution[];
}) {
  const { t } = useTranslation('family');
  if (contributions.length === 0) return <p className={styles.hint}>{t('memories.none')}</p>;
  return (
    <>
      {chapters
        .filter((chapter) => contributions.some((c) => c.chapter_id === chapter.id))
        .map((chapter) => (
          <section key={chapter.id} className={styles.group}>
            <h3 className={styles.chapter}>{chapter.name}</h3>
            {contributions
              .filter((c) => c.chapter_id === chapter.id)
              .map((contribution) => (
                <ContributionCard
                  key={contribution.id}
                  bookId={bookId}
                  contribution={contribution}
                  question={chapter.questions.find((q) => q.id === contribution.question_id)?.name ?? t('memories.whole_chapter')}
                />
              ))}
          </section>
        ))}
    </>
  );
}

/** One relative's memory with the author's decisions; `question` is left out where the card already sits under it (the workspace). */
export function ContributionCard({ bookId, contribution, question }: { bookId: number; contribution: Contribution; question?: string }) {
  const { t } = useTranslation('family');
  const { decide } = useFamilyActions(bookId);
  const [editing, setEditing] = useState<string | null>(null);
  const set = (status: ContributionStatus, text?: string | null) =>
    decide.mutate({ contribution_id: contribution.id, status, ...(text !== undefined && { text }) });
  return (
    <article className={styles.answer} data-status={contribution.status} data-testid={`contribution-${contribution.id}`}>
      {question !== undefined ? <p className={styles.hint}>{question}</p> : null}
      <p className={styles.linkWho}>
        {t('memories.as_remembered', { name: contribution.contributor_name, relation: contribution.relation })}
      </p>
      {editing === null ? (
        <blockquote className={styles.memory}>{contribution.text}</blockquote>
      ) : (
        <textarea
          className={styles.textarea}
          aria-label={t('memories.edit_label', { name: contribution.contributor_name })}
          value={editing}
          maxLength={ANSWER_MAX_LENGTH}
          onChange={(event) => setEditing(event.target.value)}
        />
      )}
      {contribution.has_photo ? (
        <ContributionPhoto
          bookId={bookId}
          contributionId={contribution.id}
          name={contribution.contributor_name}
          updatedAt={contribution.updated_at}
        />
      ) : null}
      <p className={styles.status}>{t(`memories.status_${contribution.status}`)}</p>
      <div className={styles.actions}>
        {editing !== null ? (
          <>
            <Button type="button" onClick={() => (set(contribution.status, editing.trim() || null), setEditing(null))}>
              {t('memories.save_edit')}
            </Button>
            <Button type="button" variant="secondary" onClick={() => setEditing(null)}>
              {t('memories.cancel_edit')}
            </Button>
          </>
        ) : (
          <>
            {contribution.status !== 'accepted' ? (
              <Button type="button" onClick={() => set('accepted')}>
                {t('memories.accept')}
              </Button>
            ) : null}
            {contribution.status !== 'quoted' ? (
              <Button type="button" variant="secondary" onClick={() => set('quoted')}>
                {t('memories.quote')}
              </Button>
            ) : null}
            <Button type="button" variant="secondary" onClick={() => setEditing(contribution.text)}>
              {t('memories.edit')}
            </Button>
            {contribution.status === 'pending' ? (
              <Button type="button" variant="secondary" onClick={() => set('dismissed')}>
                {t('memories.dismiss')}
              </Button>
            ) : (
              <Button type="button" variant="secondary" onClick={() => set('pending')}>
                {t('memories.undo')}
              </Button>
            )}
          </>
        )}
      </div>
    </article>
  );
}

function ContributionPhoto({
  bookId,
  contributionId,
  name,
  updatedAt,
}: {
  bookId: number;
  contributionId: number;
  name: string;
  updatedAt: string;
}) {
  const { t } = useTranslation('family');
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let made: string | null = null;
    let live = true;
    contributionPhotoUrl(bookId, contributionId)
      .then((objectUrl) => {
        made = objectUrl;
        if (live) setUrl(objectUrl);
        else URL.revokeObjectURL(objectUrl);
      })
      .catch(() => setUrl(null));
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
    // a new photo from the relative changes updated_at
  }, [bookId, contributionId, updatedAt]);
  return url ? <img className={styles.thumbnail} src={url} alt={t('memories.photo_alt', { name })} /> : null;
}
