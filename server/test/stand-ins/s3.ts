import crypto from 'node:crypto';
import type http from 'node:http';
import { listenStandIn, readBody, send } from './http';

/**
 * A local stand-in for an S3-compatible bucket, path-style (`/{bucket}/{key}`): PUT, GET, DELETE of
 * objects kept in memory, every request's AWS Signature V4 recomputed from what was received (with
 * the one known secret) and refused as S3 does — 403 `<Code>SignatureDoesNotMatch</Code>` — when it
 * differs, the payload hash when it does not match the body, 404 `NoSuchKey` / `NoSuchBucket`.
 */
export interface S3StandIn {
  /** What S3_ENDPOINT takes. */
  url: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, { data: Buffer; contentType: string }>;
  requests: { method: string; path: string; authorization: string; status: number }[];
  close(): Promise<void>;
}

const sha256 = (data: string | Buffer) => crypto.createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => crypto.createHmac('sha256', key).update(data).digest();

function xmlError(res: http.ServerResponse, status: number, code: string, message: string) {
  send(res, status, `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`, {
    'content-type': 'application/xml',
  });
}

/** Why the request's signature is wrong, or null when it is right. */
function checkSignature(req: http.IncomingMessage, body: Buffer, region: string, accessKeyId: string, secret: string): string | null {
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
      req.headers.authorization ?? '',
    );
  if (!match) return 'malformed Authorization header';
  const [, keyId, dateStamp, scopeRegion, signedHeaders, signature] = match;
  if (keyId !== accessKeyId) return 'unknown access key';
  if (scopeRegion !== region) return 'wrong region in the credential scope';
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  if (!/^\d{8}T\d{6}Z$/.test(amzDate) || amzDate.slice(0, 8) !== dateStamp) return 'bad x-amz-date';
  if (
    Math.abs(
      Date.parse(`${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13)}`) -
        Date.now(),
    ) >
    15 * 60_000
  ) {
    return 'request time too skewed';
  }
  const names = signedHeaders.split(';');
  for (const required of ['host', 'x-amz-content-sha256', 'x-amz-date']) if (!names.includes(required)) return `${required} not signed`;
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== sha256(body)) return 'x-amz-content-sha256 does not match the body';
  const url = new URL(req.url ?? '/', 'http://localhost');
  const query = [...url.searchParams]
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .sort()
    .join('&');
  const canonicalRequest = [
    req.method,
    url.pathname,
    query,
    ...names.map((n) => `${n}:${String(req.headers[n] ?? '').trim()}`),
    '',
    signedHeaders,
    payloadHash,
  ].join('\n');
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, `${dateStamp}/${region}/s3/aws4_request`, sha256(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, dateStamp), region), 's3'), 'aws4_request');
  return hmac(key, stringToSign).toString('hex') === signature ? null : 'signature does not match';
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** ListObjectsV2 (`GET /{bucket}?list-type=2&prefix=…`): keys in order, `pageSize` a page, continuation tokens. */
function listObjects(res: http.ServerResponse, keys: string[], query: URLSearchParams, pageSize: number) {
  const prefix = query.get('prefix') ?? '';
  const after = query.get('continuation-token') ?? '';
  const matching = keys.filter((key) => key.startsWith(prefix) && key > after).sort();
  const page = matching.slice(0, pageSize);
  const truncated = matching.length > page.length;
  const contents = page.map((key) => `<Contents><Key>${escapeXml(key)}</Key></Contents>`).join('');
  const next = truncated ? `<NextContinuationToken>${escapeXml(page.at(-1)!)}</NextContinuationToken>` : '';
  send(
    res,
    200,
    `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult><Prefix>${escapeXml(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><IsTruncated>${truncated}</IsTruncated>${contents}${next}</ListBucketResult>`,
    { 'content-type': 'application/xml' },
  );
}

export async function startS3StandIn(
  options: {
    bucket?: string;
    region?: string;
    accessKeyId?: string;
    secretAccessKey?: string;
    pageSize?: number;
    /** Network latency of a PUT's answer (the object is stored on arrival), by the PUT's rank: lets answers cross. */
    putAnswerDelayMs?: (rank: number) => number;
  } = {},
): Promise<S3StandIn> {
  const bucket = options.bucket ?? 'plume-test';
  const region = options.region ?? 'eu-west-3';
  const accessKeyId = options.accessKeyId ?? 'AKIAPLUMETEST';
  const secretAccessKey = options.secretAccessKey ?? 'plume-test-secret';
  const objects: S3StandIn['objects'] = new Map();
  const requests: S3StandIn['requests'] = [];
  let puts = 0;

  const standIn = await listenStandIn(async (req, res) => {
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname;
    const record = { method: req.method ?? '', path, authorization: req.headers.authorization ?? '', status: 0 };
    requests.push(record);
    const answer = (status: number, fn: () => void) => {
      record.status = status;
      fn();
    };
    const problem = checkSignature(req, body, region, accessKeyId, secretAccessKey);
    if (problem) return answer(403, () => xmlError(res, 403, 'SignatureDoesNotMatch', problem));
    const [, bucketName, ...rest] = path.split('/');
    if (bucketName !== bucket) return answer(404, () => xmlError(res, 404, 'NoSuchBucket', 'The specified bucket does not exist'));
    const key = rest.map(decodeURIComponent).join('/');
    if (!key && req.method === 'GET' && url.searchParams.get('list-type') === '2') {
      return answer(200, () => listObjects(res, [...objects.keys()], url.searchParams, options.pageSize ?? 1000));
    }
    if (!key) return answer(400, () => xmlError(res, 400, 'InvalidRequest', 'object key missing'));
    switch (req.method) {
      case 'PUT':
        objects.set(key, { data: body, contentType: String(req.headers['content-type'] ?? 'binary/octet-stream') });
        if (options.putAnswerDelayMs) await new Promise((resolve) => setTimeout(resolve, options.putAnswerDelayMs!(puts++)));
        return answer(200, () => send(res, 200, '', { etag: `"${crypto.createHash('md5').update(body).digest('hex')}"` }));
      case 'GET': {
        const object = objects.get(key);
        if (!object) return answer(404, () => xmlError(res, 404, 'NoSuchKey', 'The specified key does not exist.'));
        return answer(200, () => send(res, 200, object.data, { 'content-type': object.contentType, 'content-length': object.data.length }));
      }
      case 'DELETE':
        objects.delete(key);
        return answer(204, () => send(res, 204, ''));
      default:
        return answer(405, () => xmlError(res, 405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.'));
    }
  });
  return { url: standIn.origin, bucket, region, accessKeyId, secretAccessKey, objects, requests, close: standIn.close };
}
