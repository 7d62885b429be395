import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { buildTestApp } from '../../../test/helpers';
import { startS3StandIn, type S3StandIn } from '../../../test/stand-ins/s3';
import { createStorage, type Storage } from './index';
import { createS3Storage, S3Error, signS3Request, type S3Options } from './s3';

let bucket: S3StandIn;
let options: S3Options;
beforeAll(async () => {
  bucket = await startS3StandIn();
  options = {
    endpoint: bucket.url,
    region: bucket.region,
    bucket: bucket.bucket,
    accessKeyId: bucket.accessKeyId,
    secretAccessKey: bucket.secretAccessKey,
  };
});
afterAll(async () => {
  await bucket.close();
});

describe('local storage (the default)', () => {
  it('puts, gets and deletes files under DATA_DIR/files, and refuses keys that leave it', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plume-storage-'));
    try {
      const storage = createStorage(loadConfig({}, { DATA_DIR: dataDir }));
      await storage.put('sessions/1/cover_media_photo', Buffer.from('png'), 'image/png');
      expect(fs.readFileSync(path.join(dataDir, 'files/sessions/1/cover_media_photo'), 'utf8')).toBe('png');
      expect((await storage.get('sessions/1/cover_media_photo'))?.toString()).toBe('png');
      await storage.delete('sessions/1/cover_media_photo');
      expect(await storage.get('sessions/1/cover_media_photo')).toBeNull();
      await expect(storage.get('../secret')).rejects.toThrow(/bad storage key/);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/** 20 writers of distinct whole files to one key at once, as 20 uploads to one photo slot. */
async function concurrentPuts(storage: Storage, key: string) {
  const files = Array.from({ length: 20 }, (_, i) => Buffer.alloc(64 * 1024 + i * 977, i + 1));
  await Promise.all(files.map((data) => storage.put(key, data, 'image/jpeg')));
  const stored = await storage.get(key);
  expect(files.some((data) => data.equals(stored!))).toBe(true);
}

async function deleteAllUnder(storage: Storage) {
  for (const key of ['sessions/3/a', 'sessions/3/b', 'sessions/3/c', 'sessions/3/d/e', 'sessions/33/a', 'exports/3/book.pdf'])
    await storage.put(key, Buffer.from(key), 'text/plain');
  await storage.deleteAll('sessions/3/');
  for (const key of ['sessions/3/a', 'sessions/3/b', 'sessions/3/c', 'sessions/3/d/e']) expect(await storage.get(key)).toBeNull();
  expect((await storage.get('sessions/33/a'))?.toString()).toBe('sessions/33/a');
  expect((await storage.get('exports/3/book.pdf'))?.toString()).toBe('exports/3/book.pdf');
  await storage.deleteAll('sessions/3/'); // nothing left: not an error
  await expect(storage.deleteAll('sessions/3')).rejects.toThrow(/bad storage prefix/);
}

describe('writes and deletions, on disk', () => {
  let dataDir: string;
  let storage: Storage;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plume-storage-'));
    storage = createStorage(loadConfig({}, { DATA_DIR: dataDir }));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('keeps one whole file when 20 writes to one key race, and leaves no temporary file', async () => {
    await concurrentPuts(storage, 'sessions/9/cover_media_photo');
    expect(fs.readdirSync(path.join(dataDir, 'files/sessions/9'))).toEqual(['cover_media_photo']);
  });

  it('deletes every file under a prefix, and only those', () => deleteAllUnder(storage));
});

describe('S3-compatible storage (STORAGE_PROVIDER=s3)', () => {
  it('keeps one whole object when 20 writes to one key race', () =>
    concurrentPuts(createS3Storage(options), 'sessions/9/cover_media_photo'));

  it('deletes every object under a prefix, listing page after page', async () => {
    const paged = await startS3StandIn({ pageSize: 2 });
    try {
      await deleteAllUnder(createS3Storage({ ...options, endpoint: paged.url }));
      expect(paged.requests.filter((r) => r.method === 'GET' && r.path === '/plume-test').length).toBeGreaterThanOrEqual(3);
    } finally {
      await paged.close();
    }
  });

  it('signs with AWS Signature V4: credential scope, signed headers, payload hash', async () => {
    const signed = await signS3Request(
      options,
      'PUT',
      'sessions/12/chap_3_media_0',
      Buffer.from('abc'),
      new Date('2026-03-04T05:06:07.890Z'),
    );
    expect(signed.url).toBe(`${bucket.url}/plume-test/sessions/12/chap_3_media_0`);
    expect(signed.headers['x-amz-date']).toBe('20260304T050607Z');
    expect(signed.headers['x-amz-content-sha256']).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(signed.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIAPLUMETEST\/20260304\/eu-west-3\/s3\/aws4_request, SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
    );
  });

  it('signs like the published AWS Signature V4 example (GET Bucket, list objects)', async () => {
    // docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html, "Example: GET Bucket (List Objects)"
    const example = {
      endpoint: 'https://examplebucket.s3.amazonaws.com',
      bucket: '',
      region: 'us-east-1',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    };
    const signed = await signS3Request(example, 'GET', '', null, new Date('2013-05-24T00:00:00Z'), { 'max-keys': '2', prefix: 'J' });
    expect(signed.headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7',
    );
  });

  it('puts, gets and deletes objects in the bucket, every request signed', async () => {
    const storage = createS3Storage(options);
    const data = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    await storage.put('sessions/7/cover_media_photo', data, 'image/png');
    expect(bucket.objects.get('sessions/7/cover_media_photo')).toEqual({ data, contentType: 'image/png' });
    expect(await storage.get('sessions/7/cover_media_photo')).toEqual(data);
    await storage.delete('sessions/7/cover_media_photo');
    expect(bucket.objects.has('sessions/7/cover_media_photo')).toBe(false);
    expect(await storage.get('sessions/7/cover_media_photo')).toBeNull();
    await storage.delete('sessions/7/cover_media_photo'); // deleting twice is not an error
    expect(bucket.requests.slice(-5).map((r) => [r.method, r.status])).toEqual([
      ['PUT', 200],
      ['GET', 200],
      ['DELETE', 204],
      ['GET', 404],
      ['DELETE', 204],
    ]);
  });

  it('fails loudly (never as a missing file) when the bucket refuses the signature', async () => {
    const storage = createS3Storage({ ...options, secretAccessKey: 'wrong' });
    await expect(storage.put('sessions/1/x', Buffer.from('x'), 'text/plain')).rejects.toMatchObject({
      status: 403,
      s3Code: 'SignatureDoesNotMatch',
    });
    await expect(storage.get('sessions/1/x')).rejects.toBeInstanceOf(S3Error);
    await expect(createS3Storage({ ...options, bucket: 'other' }).get('sessions/1/x')).rejects.toMatchObject({
      status: 404,
      s3Code: 'NoSuchBucket',
    });
  });

  it('is selected by STORAGE_PROVIDER=s3 and the S3_* variables, which are then required', async () => {
    expect(() => loadConfig({}, { STORAGE_PROVIDER: 's3' })).toThrow(
      /S3_BUCKET: required when STORAGE_PROVIDER=s3[\s\S]*S3_ACCESS_KEY_ID[\s\S]*S3_SECRET_ACCESS_KEY/,
    );
    const app = await buildTestApp({
      STORAGE_PROVIDER: 's3',
      S3_ENDPOINT: bucket.url,
      S3_REGION: bucket.region,
      S3_BUCKET: bucket.bucket,
      S3_ACCESS_KEY_ID: bucket.accessKeyId,
      S3_SECRET_ACCESS_KEY: bucket.secretAccessKey,
    });
    try {
      await app.ctx.storage.put('exports/3/book.pdf', Buffer.from('%PDF-1.7'), 'application/pdf');
      expect(bucket.objects.get('exports/3/book.pdf')?.contentType).toBe('application/pdf');
      expect((await app.ctx.storage.get('exports/3/book.pdf'))?.toString()).toBe('%PDF-1.7');
      await expect(app.ctx.storage.get('../etc/passwd')).rejects.toThrow(/bad storage key/);
    } finally {
      await app.close();
    }
  });
});
