/** What every storage (local folder, S3-compatible bucket) offers, and the keys it accepts. */
export interface Storage {
  /** Atomic: a reader sees the old whole file or the new whole file, never a mix, even under concurrent puts. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /** Deletes every file whose key starts with `prefix` (which ends with `/`, e.g. `sessions/12/`). */
  deleteAll(prefix: string): Promise<void>;
}

/** Keys are our own (e.g. `sessions/12/cover_media_photo`); never a user-supplied path. */
export function safeKey(key: string): string {
  if (!/^[a-zA-Z0-9/_.-]+$/.test(key) || key.includes('..') || key.startsWith('/')) throw new Error(`bad storage key ${key}`);
  return key;
}

/** A folder of keys: `sessions/12/` (with its slash, so that it never also means `sessions/123/`). */
export function safePrefix(prefix: string): string {
  if (!prefix.endsWith('/') || prefix === '/') throw new Error(`bad storage prefix ${prefix}`);
  return safeKey(prefix);
}
