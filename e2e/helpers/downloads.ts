import type { Page } from '@playwright/test';

/**
 * What a page downloads of the build's JavaScript: each chunk's name (`workspace-route` for
 * `/assets/workspace-route-Ab12Cd34.js`), and the start of every script that defines zod's core (`$ZodType`,
 * once, whatever chunk zod lands in).
 */
export function recordScripts(page: Page) {
  const chunks: string[] = [];
  const scripts: Promise<string>[] = [];
  page.on('request', (r) => {
    const chunk = /\/assets\/([\w-]+?)-[\w-]{8}\.js$/.exec(r.url())?.[1];
    if (chunk) chunks.push(chunk);
  });
  page.on('response', (r) => {
    if (/\/assets\/[\w-]+\.js$/.test(r.url())) scripts.push(r.text().catch(() => ''));
  });
  const withZod = async () => (await Promise.all(scripts)).filter((code) => code.includes('$ZodType')).map((code) => code.slice(0, 100));
  return { chunks, withZod };
}
