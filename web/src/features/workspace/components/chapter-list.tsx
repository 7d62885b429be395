import { useState } from 'react';
import * as Accordion from 'radix-ui/accordion';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { isChapterLocked } from '@common/rules/workspace-unpaid';
import type { Chapter } from '@common/schemas/session';
import { moveChapter } from '../model/checkpoint-ops';
import { ChapterItem } from './chapter-item';
import { useWorkspaceContext } from './workspace-context';
import styles from '../workspace.module.css';

/** The chapters as accordions; paid books reorder them by drag (mouse, touch or keyboard). */
export function ChapterList({ onEdit, onDelete }: { onEdit: (chapter: Chapter) => void; onDelete: (chapter: Chapter) => void }) {
  const { checkpoint, update, isPayed, unlockedChapters } = useWorkspaceContext();
  const chapters = checkpoint.data;
  const [open, setOpen] = useState<string[]>(() => (chapters[0] ? [String(chapters[0].id)] : []));
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const handleDragEnd = (event: DragEndEvent) => {
    if (event.over && event.active.id !== event.over.id) update((c) => moveChapter(c, Number(event.active.id), Number(event.over!.id)));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={handleDragEnd}>
      <SortableContext items={chapters.map((c) => c.id)} strategy={verticalListSortingStrategy}>
        <Accordion.Root type="multiple" value={open} onValueChange={setOpen} className={styles.chapterList}>
          {chapters.map((chapter, index) => (
            <ChapterItem
              key={chapter.id}
              chapterId={chapter.id}
              index={index}
              open={open.includes(String(chapter.id))}
              locked={isChapterLocked(index, isPayed, chapter.id, unlockedChapters)}
              canOrganise={isPayed}
              canDelete={isPayed && chapters.length > 1}
              onEdit={onEdit}
              onDelete={onDelete}
            />
          ))}
        </Accordion.Root>
      </SortableContext>
    </DndContext>
  );
}
