import { useState, type ComponentProps } from 'react';
import * as Accordion from 'radix-ui/accordion';

/**
 * An accordion item's content, mounted the first time its item is open (then left to Radix, which hides it when
 * closed, as before). Radix mounts a closed item's (empty, hidden) content too, and measures it as it mounts: its
 * Presence reads the content's computed animation name and its Collapsible its size in a layout effect, then sets
 * state — a forced style recalculation and layout of the whole page, and a second render, inside the commit of
 * whatever renders the accordion. The workspace's first render after its book has arrived held three such closed
 * sections (docs/performance.md, "The workspace's render after its book, in slices"). A closed item shows nothing, so
 * nothing the author sees changes; its trigger still names this content's id (`aria-controls`, with
 * `aria-expanded="false"` until it is there).
 */
export function FoldContent({ open, ...props }: ComponentProps<typeof Accordion.Content> & { open: boolean }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open ? <Accordion.Content {...props} /> : null;
}
