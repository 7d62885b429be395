import type { Block, Inline } from '@common/schemas/site';

/**
 * The small markdown the operator writes the site's pages in (`content/legal/{lng}/*.md`), parsed
 * to blocks the web renders as React elements, so nothing in a page can become HTML or script:
 * - `# Title` (the first one) is the page title; `## ` and `### ` are headings;
 * - lines starting `- ` or `* ` make a list, `1. ` a numbered list; blank lines end paragraphs;
 * - inline `**strong**`, `*emphasis*` or `_emphasis_`, `[text](address)` where the address is
 *   http(s), mailto, tel or a path on this site — any other address leaves the text alone.
 * Everything else (HTML included) stays literal text.
 */
export function parseMarkdown(source: string): { title: string; blocks: Block[] } {
  const blocks: Block[] = [];
  let title = '';
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;

  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', content: parseInline(paragraph.join(' ')) });
    paragraph = [];
    if (list) blocks.push({ kind: 'list', ordered: list.ordered, items: list.items.map(parseInline) });
    list = null;
  };

  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    const bullet = /^[-*]\s+(.*)$/.exec(line);
    const numbered = /^\d+[.)]\s+(.*)$/.exec(line);
    if (!line) {
      flush();
    } else if (heading) {
      flush();
      const level = heading[1]!.length;
      if (level === 1 && !title) title = plain(heading[2]!);
      else blocks.push({ kind: 'heading', level: level === 3 ? 3 : 2, content: parseInline(heading[2]!) });
    } else if (bullet || numbered) {
      const ordered = Boolean(numbered);
      if (paragraph.length || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push((bullet ?? numbered)![1]!);
    } else if (list && /^\s{2,}/.test(raw)) {
      // an indented line continues the list item above it
      list.items[list.items.length - 1] += ` ${line}`;
    } else {
      if (list) flush();
      paragraph.push(line);
    }
  }
  flush();
  return { title, blocks };
}

/** Addresses a page may link to: the web, e-mail, telephone, or a path of this site (not `//host`). */
export function isSafeHref(href: string): boolean {
  return /^(https?:\/\/|mailto:|tel:)/i.test(href) || /^\/(?!\/)/.test(href);
}

const INLINE = /\*\*(.+?)\*\*|\*(.+?)\*|(?<![\w])_(.+?)_(?![\w])|\[([^\]]+)\]\(([^)\s]+)\)/g;

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  const push = (run: Inline) => {
    const last = out[out.length - 1];
    if (run.kind === 'text' && last?.kind === 'text') last.text += run.text;
    else if (run.text) out.push(run);
  };
  let at = 0;
  for (const match of text.matchAll(INLINE)) {
    push({ kind: 'text', text: text.slice(at, match.index) });
    const [whole, strong, em, underscored, label, href] = match;
    if (strong !== undefined) push({ kind: 'strong', text: strong });
    else if (em !== undefined || underscored !== undefined) push({ kind: 'em', text: (em ?? underscored)! });
    else if (label !== undefined && href !== undefined && isSafeHref(href)) push({ kind: 'link', text: label, href });
    else push({ kind: 'text', text: label ?? whole });
    at = match.index + whole.length;
  }
  push({ kind: 'text', text: text.slice(at) });
  return out;
}

const plain = (text: string) =>
  parseInline(text)
    .map((run) => run.text)
    .join('');
