import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';

/** Where user files live: a local folder by default, an S3-compatible bucket when configured. */
export interface Storage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

/** Keys are our own (e.g. `sessions/12/cover.png`); never a user-supplied path. */
function safeKey(key: string): string {
  if (!/^[a-zA-Z0-9/_.-]+$/.test(key) || key.includes('..') || key.startsWith('/')) throw new Error(`bad storage key ${key}`);
  return key;
}

export function createLocalStorage(root: string): Storage {
  return {
    async put(key, data) {
      const file = path.join(root, safeKey(key));
      await fs.mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${process.pid}.tmp`;
      await fs.writeFile(temp, data);
      await fs.rename(temp, file);
    },
    async get(key) {
      try {
        return await fs.readFile(path.join(root, safeKey(key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await fs.rm(path.join(root, safeKey(key)), { force: true });
    },
  };
}

export function createStorage(config: Config): Storage {
  // The S3 adapter is added with the first feature that stores files at scale; local until then.
  return createLocalStorage(path.join(config.dataDir, 'files'));
}
