import crypto from 'node:crypto';
import { coverGeometry, TRIM_INCHES } from '../../../common/rules/printing';
import { listenStandIn, readBody, send, type HttpStandIn } from './http';

/**
 * A stand-in for Lulu's Print API (service-contracts.md section 7): the OAuth client-credentials
 * token (Basic key:secret), `/cover-dimensions/` (answering Lulu's own figures, pt, as decimal
 * strings), `/print-jobs/` (Bearer token; the job with status CREATED), and `webhook()` signing a
 * PRINT_JOB_STATUS_CHANGED event with the API secret as Lulu does (header Lulu-HMAC-SHA256).
 */
/** What a print job request holds (the fields the adapter sends). */
export interface LuluJobBody {
  contact_email?: string;
  external_id?: string;
  shipping_level?: string;
  shipping_address?: Record<string, string>;
  line_items?: Array<{
    external_id?: string;
    title?: string;
    quantity?: number;
    printable_normalization?: { pod_package_id?: string; cover?: { source_url?: string }; interior?: { source_url?: string } };
  }>;
  interior_page_count?: number;
  pod_package_id?: string;
}

export interface LuluStandIn extends HttpStandIn {
  key: string;
  secret: string;
  jobs: Array<{ id: number; body: LuluJobBody }>;
  coverRequests: LuluJobBody[];
  /** Overrides the cover size answered (to test reconciliation). */
  coverOverride: { width: number; height: number } | null;
  /** An outage: every call answers 503 while set. */
  unavailable: boolean;
  webhook(jobId: number, status: string): { body: string; signature: string };
}

export async function startLuluStandIn(): Promise<LuluStandIn> {
  const key = 'plume-test-key';
  const secret = crypto.randomBytes(16).toString('hex');
  const tokens = new Set<string>();
  const jobs: LuluStandIn['jobs'] = [];
  const coverRequests: LuluStandIn['coverRequests'] = [];
  let nextId = 1000;
  const standIn = await listenStandIn(async (req, res) => {
    const body = await readBody(req);
    const url = req.url ?? '';
    if (handle.unavailable) return send(res, 503, { detail: 'Service temporarily unavailable.' });
    if (req.method === 'POST' && url === '/auth/realms/glasstree/protocol/openid-connect/token') {
      const expected = `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`;
      if (req.headers.authorization !== expected || !body.toString().includes('grant_type=client_credentials'))
        return send(res, 401, { error: 'invalid_client' });
      const token = crypto.randomBytes(16).toString('hex');
      tokens.add(token);
      return send(res, 200, { access_token: token, expires_in: 3600, token_type: 'Bearer' });
    }
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || !tokens.has(bearer)) return send(res, 401, { detail: 'Authentication credentials were not provided.' });
    const json = JSON.parse(body.toString() || '{}') as LuluJobBody;
    if (req.method === 'POST' && url === '/cover-dimensions/') {
      coverRequests.push(json);
      const pages = Number(json.interior_page_count);
      const ppi = Number(String(json.pod_package_id).slice(21, 24));
      if (!Number.isFinite(pages) || pages < 32) return send(res, 400, { interior_page_count: ['Page count too low.'] });
      const g = coverGeometry(TRIM_INCHES['6x9'], pages, ppi);
      const size = handle.coverOverride ?? { width: g.width, height: g.height };
      return send(res, 200, { width: size.width.toFixed(3), height: size.height.toFixed(3), unit: 'pt' });
    }
    if (req.method === 'POST' && url === '/print-jobs/') {
      const item = json.line_items?.[0];
      if (!json.shipping_address?.phone_number || !item?.printable_normalization?.cover?.source_url)
        return send(res, 400, { shipping_address: ['phone_number is required'] });
      const id = nextId++;
      jobs.push({ id, body: json });
      return send(res, 201, { id, external_id: json.external_id, status: { name: 'CREATED', messages: {} }, line_items: json.line_items });
    }
    return send(res, 404, { detail: 'Not found.' });
  });
  const handle: LuluStandIn = {
    ...standIn,
    key,
    secret,
    jobs,
    coverRequests,
    coverOverride: null,
    unavailable: false,
    webhook(jobId, status) {
      const body = JSON.stringify({ topic: 'PRINT_JOB_STATUS_CHANGED', data: { id: jobId, status: { name: status, messages: {} } } });
      return { body, signature: crypto.createHmac('sha256', secret).update(body).digest('hex') };
    },
  };
  return handle;
}
