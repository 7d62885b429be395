import { memo, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Contribution } from '@common/schemas/family';
import { useContributionsOf } from '../api/author-calls';
import { ContributionCard } from './contribution-list';
import styles from '../family.module.css';

const NONE: Contribution[] = [];

/**
 * In the workspace, under a question (or under a chapter's questions for memories of the whole
 * chapter, `questionId` null): what relatives remember of it, beside the author's own answer, with
 * the same decisions as the family page. Set-aside memories stay on the family page.
 */
export const QuestionContributions = memo(function QuestionContributions({
  sessionId,
  chapterId,
  questionId,
}: {
  sessionId: number;
  chapterId: number;
  questionId: number | null;
}) {
  // never suspends the workspace: the family texts load on their own, the memories show when both are here
  const { t, ready } = useTranslation('family', { useSuspense: false });
  const select = useCallback(
    (all: Contribution[]) => {
      const mine = all.filter((c) => c.chapter_id === chapterId && c.question_id === questionId && c.status !== 'dismissed');
      return mine.length === 0 ? NONE : mine;
    },
    [chapterId, questionId],
  );
  const contributions = useContributionsOf(sessionId, select).data ?? NONE;
  if (!ready || contributions.length === 0) return null;
  return (
    <section className={styles.inWorkspace} aria-label={t('memories.in_workspace', { count: contributions.length })}>
      {contributions.map((contribution) => (
        <ContributionCard key={contribution.id} bookId={sessionId} contribution={contribution} />
      ))}
    </section>
  );
});
