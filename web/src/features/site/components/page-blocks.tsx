import { Fragment } from 'react';
import { Link } from 'react-router';
import type { Block, Inline } from '@common/schemas/site';
import styles from '../site.module.css';

/** A page's text as React elements: the server parsed it to blocks, so no HTML is ever injected. */
export function PageBlocks({ blocks }: { blocks: Block[] }) {
  return (
    <div className={styles.prose}>
      {blocks.map((block, index) => {
        if (block.kind === 'heading') {
          const Heading = block.level === 2 ? 'h2' : 'h3';
          return (
            <Heading key={index}>
              <Runs runs={block.content} />
            </Heading>
          );
        }
        if (block.kind === 'list') {
          const List = block.ordered ? 'ol' : 'ul';
          return (
            <List key={index}>
              {block.items.map((item, i) => (
                <li key={i}>
                  <Runs runs={item} />
                </li>
              ))}
            </List>
          );
        }
        return (
          <p key={index}>
            <Runs runs={block.content} />
          </p>
        );
      })}
    </div>
  );
}

function Runs({ runs }: { runs: Inline[] }) {
  return runs.map((run, index) => {
    if (run.kind === 'strong') return <strong key={index}>{run.text}</strong>;
    if (run.kind === 'em') return <em key={index}>{run.text}</em>;
    if (run.kind === 'link') {
      if (run.href.startsWith('/'))
        return (
          <Link key={index} to={run.href}>
            {run.text}
          </Link>
        );
      return (
        <a key={index} href={run.href} {...(/^https?:/.test(run.href) && { rel: 'noopener noreferrer' })}>
          {run.text}
        </a>
      );
    }
    return <Fragment key={index}>{run.text}</Fragment>;
  });
}
