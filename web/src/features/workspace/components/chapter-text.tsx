import { useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { Chapter, Paragraph } from '@common/schemas/session';
import { Button } from '../../../components/button';
import { updateChapter } from '../model/checkpoint-ops';
import { paragraphListOf, paragraphsJson } from '../model/paragraphs';
import { TextVersions } from './text-versions';
import { useWorkspaceActions } from './workspace-context';
import { AssistantNote } from './writing-choices';
import styles from '../workspace.module.css';

const chapterTexts = (chapter: Chapter): string[] => paragraphListOf(chapter).map((p) => p.text);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A paragraph with the facts found in no answer marked, for the author to confirm or remove. */
function FlaggedParagraph({ paragraph, label }: { paragraph: Paragraph; label: string }) {
  const facts = paragraph.unsourced ?? [];
  if (facts.length === 0) return <p>{paragraph.text}</p>;
  const parts = paragraph.text.split(new RegExp(`(${facts.map(escapeRegExp).join('|')})`, 'u'));
  return (
    <p>
      {parts.map((part, i) =>
        facts.includes(part) ? (
          <mark key={i} className={styles.unsourced} title={label} data-testid="unsourced-fact">
            {part}
          </mark>
        ) : (
          part
        ),
      )}
    </p>
  );
}

/** A chapter's written text: read with its unsourced facts marked and its versions, or edited by hand. */
export function ChapterText({ chapter, ref }: { chapter: Chapter; ref?: Ref<HTMLDivElement> }) {
  const { t } = useTranslation('workspace');
  const { update, applyServerWrite } = useWorkspaceActions();
  const [editingText, setEditingText] = useState(false);
  const [textDraft, setTextDraft] = useState('');
  return (
    <div ref={ref} className={styles.textBlock} data-testid="chapter-text-block">
      <AssistantNote chapter={chapter} />
      {editingText ? (
        <>
          <label className={styles.visuallyHidden} htmlFor={`text-${chapter.id}`}>
            {t('chapter.text_label')}
          </label>
          <textarea
            id={`text-${chapter.id}`}
            className={styles.textEditor}
            value={textDraft}
            onChange={(e) => setTextDraft(e.target.value)}
            rows={16}
          />
          <div className={styles.rowActions}>
            <Button
              onClick={() => {
                const text = textDraft.trim();
                update((c) =>
                  updateChapter(c, chapter.id, {
                    generated_content: text,
                    generated_content_json: paragraphsJson(text, chapter.generated_content_json),
                    text_origin: 'edited',
                  }),
                );
                setEditingText(false);
              }}
            >
              {t('actions.save')}
            </Button>
            <Button variant="ghost" onClick={() => setEditingText(false)}>
              {t('actions.cancel')}
            </Button>
          </div>
        </>
      ) : (
        <>
          <div className={styles.chapterText} data-testid="chapter-text">
            {paragraphListOf(chapter).map((p, i) => (
              <FlaggedParagraph key={i} paragraph={p} label={t('chapter.unsourced_title')} />
            ))}
          </div>
          <UnsourcedFacts chapter={chapter} />
          <TextVersions
            text={chapter.id}
            current={chapter.generated_content}
            title={t('versions.title')}
            onRestored={(restored) =>
              applyServerWrite(
                (c) =>
                  updateChapter(c, chapter.id, {
                    generated_content: restored.content,
                    generated_content_json: restored.content_json,
                    text_origin: restored.origin === 'edited' ? 'edited' : 'generated',
                  }),
                restored.version ?? 0,
              )
            }
          />
          <Button
            variant="secondary"
            onClick={() => {
              setTextDraft(chapterTexts(chapter).join('\n\n'));
              setEditingText(true);
            }}
          >
            {t('chapter.edit_text')}
          </Button>
        </>
      )}
    </div>
  );
}

/** The names, places, dates and numbers the writer put in that appear in no answer: confirm each, or edit the text. */
function UnsourcedFacts({ chapter }: { chapter: Chapter }) {
  const { t } = useTranslation('workspace');
  const { update } = useWorkspaceActions();
  const facts = [...new Set(paragraphListOf(chapter).flatMap((p) => p.unsourced ?? []))];
  if (facts.length === 0) return null;
  const confirm = (fact: string) =>
    update((c) => {
      const current = c.data.find((x) => x.id === chapter.id);
      if (!current) return c;
      const list = paragraphListOf(current).map((p) => ({ ...p, unsourced: (p.unsourced ?? []).filter((f) => f !== fact) }));
      return updateChapter(c, chapter.id, { generated_content_json: JSON.stringify(list) });
    });
  return (
    <div className={styles.assistantNote} role="note" data-testid="unsourced-facts">
      <p>{t('chapter.unsourced', { count: facts.length })}</p>
      <ul>
        {facts.map((fact) => (
          <li key={fact}>
            <mark className={styles.unsourced}>{fact}</mark>{' '}
            <Button variant="ghost" onClick={() => confirm(fact)}>
              {t('chapter.unsourced_confirm')}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
