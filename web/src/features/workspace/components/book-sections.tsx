import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import * as Accordion from 'radix-ui/accordion';
import type { BookText, TextOrigin } from '@common/schemas/versions';
import { toast } from '../../../lib/toast';
import type { BookMeta, useWorkspace } from '../hooks/use-workspace';
import { BookTextSection } from './book-text-section';
import { EditableSection } from './editable-section';
import { FoldContent } from './fold-content';
import styles from '../workspace.module.css';

/**
 * The book's own texts, folded: the synopsis (kept in the checkpoint), the introduction and the summary
 * (book attributes, with the writing assistant's drafts and versions).
 */
export function BookSections({
  meta,
  synopsis,
  onSynopsis,
  saveAttribute,
  setMeta,
  replaceBookText,
}: {
  meta: BookMeta;
  synopsis: string;
  onSynopsis: (value: string) => void;
  saveAttribute: ReturnType<typeof useWorkspace>['saveAttribute'];
  setMeta: (patch: Partial<BookMeta>) => void;
  replaceBookText: (text: BookText, content: string, origin: TextOrigin) => void;
}) {
  const { t } = useTranslation('workspace');
  const [open, setOpen] = useState<string[]>([]);
  /** An introduction or summary edited by hand: saved, marked as the author's, and said so. */
  const saveText = async (text: BookText, value: string, messages: { updated: string; failed: string }) => {
    const ok = await saveAttribute(text, value, meta[text]);
    if (ok) {
      setMeta({ textOrigins: { ...meta.textOrigins, [text]: 'edited' } });
      toast.success(messages.updated);
    } else toast.error(messages.failed);
  };
  const bookTexts = [
    {
      text: 'introduction',
      section: 'introduction',
      title: t('sections.introduction'),
      empty: t('sections.introduction_prompt'),
      messages: { updated: t('messages.introduction_updated'), failed: t('messages.introduction_failed') },
    },
    {
      text: 'book_summary',
      section: 'summary',
      title: t('sections.summary'),
      empty: t('sections.summary_prompt'),
      messages: { updated: t('messages.summary_updated'), failed: t('messages.summary_failed') },
    },
  ] as const;
  return (
    <Accordion.Root type="multiple" value={open} onValueChange={setOpen} className={styles.sections}>
      <Section value="synopsis" open={open.includes('synopsis')} title={t('sections.synopsis')}>
        <EditableSection value={synopsis} label={t('sections.synopsis')} empty={t('sections.empty')} maxLength={5000} onSave={onSynopsis} />
      </Section>
      {bookTexts.map(({ text, section, title, empty, messages }) => (
        <Section key={text} value={section} open={open.includes(section)} title={title}>
          <BookTextSection
            text={text}
            value={meta[text]}
            origin={meta.textOrigins[text]}
            assistant={meta.writingAssistant}
            label={title}
            empty={empty}
            onSave={(value) => saveText(text, value, messages)}
            onReplaced={(content, origin) => replaceBookText(text, content, origin)}
          />
        </Section>
      ))}
    </Accordion.Root>
  );
}

function Section({ value, open, title, children }: { value: string; open: boolean; title: string; children: ReactNode }) {
  return (
    <Accordion.Item value={value} className={styles.section}>
      <Accordion.Header>
        <Accordion.Trigger className={styles.sectionTrigger}>
          {title} <span aria-hidden="true">▾</span>
        </Accordion.Trigger>
      </Accordion.Header>
      <FoldContent open={open} className={styles.sectionBody}>
        {children}
      </FoldContent>
    </Accordion.Item>
  );
}
