import { lazyDialog } from '../lib/lazy-when';

/** `Modal`, with Radix's dialog downloaded when first opened (for dialogs on a page's first load). */
export const LazyModal = lazyDialog(async () => (await import('./modal')).Modal);
