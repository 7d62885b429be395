import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';
import { safeKey, safePrefix, type Storage } from './keys';
import { createS3Storage } from './s3';

export type { Storage } from './keys';

/**
 * Where user files live: a local folder by default (`DATA_DIR/files`), an S3-compatible bucket with
 * STORAGE_PROVIDER=s3 (what several nodes behind a load balancer need).
 */
function createLocalStorage(root: string): Storage {
  return {
    async put(key, data) {
      const file = path.join(root, safeKey(key));
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Each write has its own temporary file, renamed over the key at once (atomic on one file system).
      const temp = `${file}.${crypto.randomUUID()}.tmp`;
      try {
        await fs.writeFile(temp, data);
        await fs.rename(temp, file);
      } catch (error) {
        await fs.rm(temp, { force: true });
        throw error;
      }
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
    async deleteAll(prefix) {
      await fs.rm(path.join(root, safePrefix(prefix)), { recursive: true, force: true });
    },
  };
}

export function createStorage(config: Config): Storage {
  if (config.STORAGE_PROVIDER === 's3') {
    // loadConfig has checked that the bucket and the keys are set.
    return createS3Storage({
      endpoint: config.S3_ENDPOINT ?? `https://s3.${config.S3_REGION}.amazonaws.com`,
      region: config.S3_REGION,
      bucket: config.S3_BUCKET!,
      accessKeyId: config.S3_ACCESS_KEY_ID!,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
    });
  }
  return createLocalStorage(path.join(config.dataDir, 'files'));
}
