import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { LazyModal as Modal } from '../../../components/lazy-modal';
import type { MergeConflict } from '../model/merge';
import styles from '../workspace.module.css';

/** A change made here and elsewhere on the same text: both versions are shown, the author keeps one or both. */
export function ConflictDialog({
  conflicts,
  onResolve,
  describe,
}: {
  conflicts: MergeConflict[];
  onResolve: (conflict: MergeConflict, value: string) => void;
  describe: (c: MergeConflict) => string;
}) {
  const { t } = useTranslation('workspace');
  const conflict = conflicts[0];
  if (!conflict) return null;
  return (
    <Modal
      open
      onOpenChange={() => undefined}
      title={t('conflict.title')}
      description={t('conflict.lead', { where: describe(conflict) })}
      width={860}
    >
      <div className={styles.conflictColumns}>
        <section className={styles.conflictSide}>
          <h3>{t('conflict.mine')}</h3>
          <div className={styles.conflictText}>{conflict.local || t('conflict.empty')}</div>
          <Button onClick={() => onResolve(conflict, conflict.local)}>{t('conflict.keep_mine')}</Button>
        </section>
        <section className={styles.conflictSide}>
          <h3>{t('conflict.theirs')}</h3>
          <div className={styles.conflictText}>{conflict.server || t('conflict.empty')}</div>
          <Button variant="secondary" onClick={() => onResolve(conflict, conflict.server)}>
            {t('conflict.keep_theirs')}
          </Button>
        </section>
      </div>
      <div className={styles.rowActions}>
        <Button
          variant="ghost"
          onClick={() =>
            onResolve(
              conflict,
              conflict.field.endsWith('name') ? `${conflict.local} / ${conflict.server}` : `${conflict.local}\n\n${conflict.server}`,
            )
          }
        >
          {t('conflict.keep_both')}
        </Button>
        {conflicts.length > 1 ? <span className={styles.muted}>{t('conflict.more', { count: conflicts.length - 1 })}</span> : null}
      </div>
    </Modal>
  );
}
