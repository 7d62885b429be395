declare module 'content-disposition' {
  /** `attachment; filename="…"; filename*=UTF-8''…` for a file name (content-disposition 1.x). */
  // eslint-disable-next-line no-restricted-syntax -- the package's own default export, typed
  export default function contentDisposition(filename?: string, options?: { type?: string; fallback?: string | boolean }): string;
}
