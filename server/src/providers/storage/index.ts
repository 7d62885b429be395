import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';
import { createS3Storage } from './s3';

/**
 * Where user files live: a local folder by default (`DATA_DIR/files`), an S3-compatible bucket with
 * STORAGE_PROVIDER=s3 (what several nodes behind a load balancer need).
 */
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

function createLocalStorage(root: string): Storage {
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
  if (config.STORAGE_PROVIDER === 's3') {
    // loadConfig has checked that the bucket and the keys are set.
    return createS3Storage(
      {
        endpoint: config.S3_ENDPOINT ?? `https://s3.${config.S3_REGION}.amazonaws.com`,
        region: config.S3_REGION,
        bucket: config.S3_BUCKET!,
        accessKeyId: config.S3_ACCESS_KEY_ID!,
        secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
      },
      safeKey,
    );
  }
  return createLocalStorage(path.join(config.dataDir, 'files'));
}
