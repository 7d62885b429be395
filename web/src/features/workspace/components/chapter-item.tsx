import { memo, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import * as Accordion from 'radix-ui/accordion';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { Chapter, CheckpointData } from '@common/schemas/session';
import { updateChapter } from '../model/checkpoint-ops';
import { ChapterBody } from './chapter-body';
import { FoldContent } from './fold-content';
import { GripIcon, LockIcon, PencilIcon, TrashIcon } from '../../../components/icons';
import { useCheckpoint, useWorkspaceActions } from './workspace-context';
import styles from '../workspace.module.css';

export interface ChapterItemProps {
  chapterId: number;
  index: number;
  /** Its accordion item is open: its content is mounted the first time it is (FoldContent). */
  open: boolean;
  locked: boolean;
  canOrganise: boolean;
  canDelete: boolean;
  onEdit: (chapter: Chapter) => void;
  onDelete: (chapter: Chapter) => void;
}

export const ChapterItem = memo(function ChapterItem({
  chapterId,
  index,
  open,
  locked,
  canOrganise,
  canDelete,
  onEdit,
  onDelete,
}: ChapterItemProps) {
  const { t } = useTranslation('workspace');
  const { update, openPlanModal, isPayed } = useWorkspaceActions();
  // this chapter only: typing in another chapter does not re-render this one
  const chapter = useCheckpoint(useCallback((c: CheckpointData) => c.data.find((x) => x.id === chapterId), [chapterId]));
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: chapterId, disabled: !canOrganise });
  const style = { transform: CSS.Transform.toString(transform), transition };
  const showFreeBadge = !isPayed && index === 0;
  if (!chapter) return null; // deleted: the list drops it on its next render

  if (locked) {
    return (
      <div ref={setNodeRef} style={style} className={`${styles.chapter} ${styles.chapterLocked}`} data-testid={`chapter-${chapter.id}`}>
        <button
          type="button"
          className={styles.lockedTrigger}
          onClick={openPlanModal}
          aria-label={t('chapter.locked_label', { n: index + 1, name: chapter.name })}
        >
          <span className={styles.chapterNumber}>{t('chapter.number', { n: index + 1 })}</span>
          <span className={styles.lockedTitle}>{chapter.name}</span>
          <span className={styles.lockIcon}>
            <LockIcon />
          </span>
        </button>
      </div>
    );
  }

  return (
    <Accordion.Item
      value={String(chapter.id)}
      ref={setNodeRef}
      style={style}
      className={[styles.chapter, isDragging ? styles.dragging : ''].join(' ')}
      data-testid={`chapter-${chapter.id}`}
    >
      <Accordion.Header className={styles.chapterHeader}>
        {canOrganise ? (
          <button
            type="button"
            className={styles.dragHandle}
            aria-label={t('chapter.drag', { name: chapter.name })}
            {...attributes}
            {...listeners}
          >
            <GripIcon />
          </button>
        ) : null}
        <Accordion.Trigger className={styles.chapterTrigger}>
          <span className={styles.chapterNumber}>{t('chapter.number', { n: index + 1 })}</span>
          <span className={styles.chapterName}>{chapter.name}</span>
          {showFreeBadge ? <span className={styles.freeBadge}>{t('chapter.first_free')}</span> : null}
          {(chapter.generated_content ?? '').trim() !== '' ? <span className={styles.doneBadge}>{t('chapter.written')}</span> : null}
          <span className={styles.chevron} aria-hidden="true">
            ▾
          </span>
        </Accordion.Trigger>
        <button
          type="button"
          className={styles.iconButton}
          aria-label={t('chapter.edit', { name: chapter.name })}
          title={t('chapter.edit_title')}
          onClick={() => onEdit(chapter)}
        >
          <PencilIcon />
        </button>
        {canDelete ? (
          <button
            type="button"
            className={styles.iconButton}
            aria-label={t('chapter.delete', { name: chapter.name })}
            title={t('chapter.delete_title')}
            onClick={() => onDelete(chapter)}
          >
            <TrashIcon />
          </button>
        ) : null}
      </Accordion.Header>
      <FoldContent open={open} className={styles.chapterBody}>
        <ChapterBody
          chapter={chapter}
          index={index}
          canOrganise={canOrganise}
          onRename={(name) => update((c) => updateChapter(c, chapter.id, { name }))}
        />
      </FoldContent>
    </Accordion.Item>
  );
});
