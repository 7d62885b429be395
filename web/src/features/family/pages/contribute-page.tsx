import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { paragraphsOf } from '@common/rules/book-text';
import { Loader } from '../../../components/loader';
import { Screen } from '../../../components/screen';
import { useContributorInvitation } from '../api/contributor-calls';
import { ContributionForm, type RelativeDictation } from '../components/contribution-form';
import styles from '../family.module.css';

/**
 * /{lang}/contribute#{token} (issue 19, docs/family.md): a relative's page, no account needed — the
 * author's message, the chapter's title and the questions chosen for them (or one box for their
 * memories of the chapter, or the chapter to read). Nothing else of the book is shown. Answers are
 * typed or spoken (`Dictation`, the author's recorder, given by the route).
 */
export function ContributePage({ Dictation }: { Dictation?: RelativeDictation }) {
  const { t } = useTranslation('family');
  const token = decodeURIComponent(useLocation().hash.replace(/^#/, ''));
  const invitation = useContributorInvitation(token);

  if (token === '' || invitation.isError)
    return (
      <Screen title={t('invalid.title')} width="narrow">
        <p>{t('invalid.body')}</p>
      </Screen>
    );
  if (!invitation.data) return <Loader />;
  const view = invitation.data;
  const ownFor = (questionId: number | null) => view.contributions.find((c) => c.question_id === questionId);

  return (
    <Screen
      title={t('page.title', { author: view.author_name })}
      lead={t('page.lead', { name: view.contributor_name, book: view.book_name, author: view.author_name })}
      width="narrow"
    >
      {view.message ? (
        <figure className={styles.message}>
          <blockquote>
            {paragraphsOf(view.message).map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </blockquote>
          <figcaption>{t('page.message_from', { author: view.author_name })}</figcaption>
        </figure>
      ) : null}
      <h2 className={styles.chapter}>{t('page.chapter', { name: view.chapter.name })}</h2>
      {view.permission === 'read' ? (
        <div className={styles.reading}>
          {view.chapter.text ? paragraphsOf(view.chapter.text).map((p) => <p key={p}>{p}</p>) : <p>{t('page.not_written')}</p>}
        </div>
      ) : (
        <>
          <p className={styles.howto}>{t('page.howto', { author: view.author_name })}</p>
          {view.questions.length > 0 ? (
            view.questions.map((question) => (
              <ContributionForm
                key={question.id}
                token={token}
                author={view.author_name}
                questionId={question.id}
                label={question.name}
                nudges={question.nudges}
                own={ownFor(question.id)}
                language={view.language}
                Dictation={Dictation}
              />
            ))
          ) : (
            <ContributionForm
              token={token}
              author={view.author_name}
              questionId={null}
              label={t('page.memories_label', { chapter: view.chapter.name })}
              nudges={[]}
              own={ownFor(null)}
              language={view.language}
              Dictation={Dictation}
            />
          )}
        </>
      )}
      <p className={styles.privacy}>{t('page.privacy', { author: view.author_name })}</p>
    </Screen>
  );
}
