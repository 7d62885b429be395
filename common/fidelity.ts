/**
 * How closely a chapter keeps the author's words (`FidelitySchema` in `common/schemas/session.ts`), without zod:
 * the workspace's first load lists them, and zod is not part of it (docs/performance.md).
 */
export const FIDELITIES = ['own_words', 'light_edit', 'polished'] as const;
