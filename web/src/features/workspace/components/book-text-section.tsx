import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { writingApi } from '@common/api/writing';
import type { BookText, TextOrigin } from '@common/schemas/versions';
import { Button } from '../../../components/button';
import { call } from '../../../lib/api';
import { EditableSection } from './editable-section';
import { TextVersions } from './text-versions';
import { useWorkspaceContext } from './workspace-context';
import styles from '../workspace.module.css';

/**
 * The introduction or the summary: the text with its Edit button, a note saying where a draft came
 * from (the writing assistant, or — offline — the author's own chapter summaries), 'Draft it', and
 * its earlier versions. Offline the introduction has no draft: its guiding prompt invites the author.
 */
export function BookTextSection({
  text,
  value,
  origin,
  assistant,
  label,
  empty,
  onSave,
  onReplaced,
}: {
  text: BookText;
  value: string;
  origin: TextOrigin | undefined;
  /** A writing assistant is configured on the server. */
  assistant: boolean;
  label: string;
  empty: string;
  onSave: (value: string) => Promise<void>;
  /** A text the server wrote (a draft or a restored version), applied without saving it again. */
  onReplaced: (content: string, origin: TextOrigin) => void;
}) {
  const { t } = useTranslation('workspace');
  const { sessionId, checkpoint, confirm } = useWorkspaceContext();
  const [drafting, setDrafting] = useState(false);
  const written = checkpoint.data.some((c) => (c.generated_content ?? '').trim());
  const answered = checkpoint.data.some((c) => c.questions.some((q) => (q.transcript ?? '').trim()));
  const canDraft = assistant ? written || answered : text === 'book_summary' && written;

  const draft = async () => {
    if (value.trim()) {
      const ok = await confirm({
        title: t('book_text.replace_title'),
        body: t('book_text.replace_body'),
        confirmLabel: t('book_text.replace_confirm'),
      });
      if (!ok) return;
    }
    setDrafting(true);
    try {
      const drafted = await call(writingApi.draftBookText, { body: { service_session_id: sessionId, text } });
      onReplaced(drafted.content, drafted.origin);
      toast.success(t(drafted.origin === 'assembled' ? 'book_text.assembled_done' : 'book_text.drafted_done'));
    } catch {
      // the API client shows the server's message
    } finally {
      setDrafting(false);
    }
  };

  const note =
    value.trim() && (origin === 'assembled' || origin === 'generated') ? (
      <p className={styles.assistantNote} role="note" data-testid={`${text}-origin`}>
        {t(`book_text.${origin}_note`)}
      </p>
    ) : null;

  return (
    <EditableSection
      value={value}
      label={label}
      empty={empty}
      onSave={onSave}
      note={note}
      actions={
        canDraft ? (
          <Button variant="secondary" onClick={draft} busy={drafting}>
            {drafting ? t('book_text.drafting') : t(assistant ? 'book_text.draft' : 'book_text.assemble')}
          </Button>
        ) : null
      }
    >
      <TextVersions
        text={text}
        current={value}
        title={t(`versions.title_${text}`)}
        onRestored={(restored) => onReplaced(restored.content, restored.origin)}
      />
    </EditableSection>
  );
}
