import crypto from 'node:crypto';
import { AwsV4Signer } from 'aws4fetch';
import { safeKey, safePrefix, type Storage } from './keys';

/**
 * Any S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Scaleway, Garage…): PUT, GET and DELETE of
 * one object, path-style (`{endpoint}/{bucket}/{key}`), signed with AWS Signature Version 4 by
 * aws4fetch. The payload is hashed and signed too (`x-amz-content-sha256`).
 */
export interface S3Options {
  /** e.g. https://s3.eu-west-3.amazonaws.com or http://127.0.0.1:9000 (no bucket in it). */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Per request. */
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

const sha256 = (data: Buffer | null) =>
  crypto
    .createHash('sha256')
    .update(data ?? '')
    .digest('hex');

/** RFC 3986 encoding, as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
const encode = (segment: string) =>
  encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export interface SignedRequest {
  url: string;
  headers: Record<string, string>;
}

/**
 * The URL and headers of a request signed with AWS Signature V4 by aws4fetch (a maintained
 * implementation), the payload hashed and signed too (`x-amz-content-sha256`, not UNSIGNED-PAYLOAD).
 */
export async function signS3Request(
  options: S3Options,
  method: string,
  key: string,
  body: Buffer | null,
  now = new Date(),
  query: Record<string, string> = {},
): Promise<SignedRequest> {
  const endpoint = new URL(options.endpoint);
  const basePath = endpoint.pathname.replace(/\/+$/, '');
  const objectPath = key ? `/${key.split('/').map(encode).join('/')}` : '';
  const url = new URL(`${endpoint.origin}${basePath}/${encode(options.bucket)}${objectPath}`);
  for (const name of Object.keys(query).sort()) url.searchParams.set(name, query[name]);
  const signer = new AwsV4Signer({
    method,
    url: url.toString(),
    headers: { 'x-amz-content-sha256': sha256(body) },
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    service: 's3',
    region: options.region,
    datetime: now.toISOString().replace(/[-:]|\.\d{3}/g, ''),
  });
  const signed = await signer.sign();
  return { url: signed.url.toString(), headers: Object.fromEntries(signed.headers) };
}

/** A failed bucket call; the S3 error code (`AccessDenied`, `SignatureDoesNotMatch`…) is logged, never shown. */
export class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly s3Code: string,
    operation: string,
  ) {
    super(`S3 ${operation} failed: HTTP ${status} ${s3Code}`);
  }
}

async function failure(response: Response, operation: string): Promise<S3Error> {
  const body = await response.text().catch(() => '');
  return new S3Error(response.status, /<Code>([^<]+)<\/Code>/.exec(body)?.[1] ?? 'Unknown', operation);
}

export function createS3Storage(options: S3Options): Storage {
  const fetchImpl = options.fetchImpl ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const timeoutMs = options.timeoutMs ?? 30_000;
  const call = async (
    method: 'PUT' | 'GET' | 'DELETE',
    key: string,
    body: Buffer | null = null,
    contentType?: string,
    query: Record<string, string> = {},
  ) => {
    const { url, headers } = await signS3Request(options, method, key && safeKey(key), body, new Date(), query);
    return fetchImpl(url, {
      method,
      headers: contentType ? { ...headers, 'content-type': contentType } : headers,
      body: body ? new Uint8Array(body) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
    });
  };
  /** Every key under `prefix` (ListObjectsV2, page after page). */
  async function listKeys(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const response = await call('GET', '', null, undefined, {
        'list-type': '2',
        prefix,
        ...(token ? { 'continuation-token': token } : {}),
      });
      if (!response.ok) throw await failure(response, 'LIST');
      const xml = await response.text();
      keys.push(...[...xml.matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => decodeXml(m[1])));
      token = /<IsTruncated>true<\/IsTruncated>/.test(xml) ? decodeXml(/<NextContinuationToken>([^<]*)</.exec(xml)?.[1] ?? '') : undefined;
    } while (token);
    return keys;
  }

  const storage: Storage = {
    async put(key, data, contentType) {
      const response = await call('PUT', key, data, contentType);
      if (!response.ok) throw await failure(response, 'PUT');
      await response.body?.cancel();
    },
    async get(key) {
      const response = await call('GET', key);
      if (!response.ok) {
        const error = await failure(response, 'GET');
        // A missing object is null; a missing bucket (also 404) is a configuration error.
        if (error.status === 404 && error.s3Code !== 'NoSuchBucket') return null;
        throw error;
      }
      return Buffer.from(await response.arrayBuffer());
    },
    async delete(key) {
      const response = await call('DELETE', key);
      // S3 answers 204 whether or not the object existed; some compatible servers answer 404.
      if (!response.ok && response.status !== 404) throw await failure(response, 'DELETE');
      await response.body?.cancel();
    },
    async deleteAll(prefix) {
      for (const key of await listKeys(safePrefix(prefix))) await storage.delete(key);
    },
  };
  return storage;
}

const decodeXml = (text: string) =>
  text.replace(/&(lt|gt|quot|apos|amp);/g, (_, name: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[name]!);
