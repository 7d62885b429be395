import crypto from 'node:crypto';
import type { PrintStatus } from '@common/schemas/printing';
import type { Config } from '../../config';
import type { PrintFulfilment } from './index';

const TIMEOUT_MS = 30_000;
/** Our spread and Lulu's may differ by rounding: beyond this (points), Lulu's size wins. */
const TOLERANCE_PT = 1;

/** Lulu's job statuses as the author sees them (service-contracts.md section 7). */
export function printStatusOfLulu(status: string): PrintStatus | null {
  switch (status) {
    case 'CREATED':
    case 'UNPAID':
    case 'PAYMENT_IN_PROGRESS':
    case 'PRODUCTION_DELAYED':
    case 'PRODUCTION_READY':
      return 'sent_to_printer';
    case 'IN_PRODUCTION':
      return 'in_production';
    case 'SHIPPED':
      return 'shipped';
    case 'REJECTED':
      return 'rejected';
    case 'CANCELED':
      return 'canceled';
    default:
      return null;
  }
}

/** A webhook is Lulu's when `Lulu-HMAC-SHA256` is the hex HMAC-SHA256 of the raw body with the API secret. */
export function verifyLuluSignature(secret: string, rawBody: Buffer, header: string | undefined): boolean {
  if (!header || !/^[0-9a-fA-F]{64}$/.test(header)) return false;
  const expected = crypto.createHmac('sha256', secret).update(rawBody).digest();
  return crypto.timingSafeEqual(expected, Buffer.from(header, 'hex'));
}

class LuluError extends Error {}

/**
 * Lulu Print API: an OAuth client-credentials token, the cover size checked with
 * /cover-dimensions/, then a print job whose interior and cover Lulu downloads from our signed
 * links. The job's progress arrives by webhook (printing/routes.ts).
 */
export function luluFulfilment(config: Config, podPackageId: string): PrintFulfilment {
  const base = config.LULU_API_URL.replace(/\/+$/, '');
  let token: { value: string; until: number } | null = null;

  async function accessToken(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    const basic = Buffer.from(`${config.LULU_CLIENT_KEY}:${config.LULU_CLIENT_SECRET}`).toString('base64');
    const res = await fetch(`${base}/auth/realms/glasstree/protocol/openid-connect/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!res.ok) throw new LuluError(`Lulu token: HTTP ${res.status}`);
    const body = (await res.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new LuluError('Lulu token: no access_token');
    token = { value: body.access_token, until: Date.now() + Math.max(0, (body.expires_in ?? 300) - 60) * 1000 };
    return token.value;
  }

  async function post<T>(path: string, payload: unknown): Promise<T> {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await accessToken()}`, 'content-type': 'application/json' },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!res.ok) throw new LuluError(`Lulu ${path}: HTTP ${res.status} ${(await res.text()).slice(0, 500)}`);
    return (await res.json()) as T;
  }

  return {
    kind: 'lulu',
    async submit(job) {
      const dims = await post<{ width: string | number; height: string | number }>('/cover-dimensions/', {
        pod_package_id: podPackageId,
        interior_page_count: job.pageCount,
        unit: 'pt',
      });
      const width = Number(dims.width);
      const height = Number(dims.height);
      let geometry = job.geometry;
      if (
        Number.isFinite(width) &&
        Number.isFinite(height) &&
        (Math.abs(width - geometry.width) > TOLERANCE_PT || Math.abs(height - geometry.height) > TOLERANCE_PT)
      ) {
        geometry = { ...geometry, width, height, spine: width - 2 * (geometry.trimWidth + geometry.bleed) };
      }
      await job.storeCover(await job.cover(geometry));
      const a = job.address;
      const created = await post<{ id: number | string; status?: { name?: string } }>('/print-jobs/', {
        contact_email: job.contactEmail,
        external_id: job.reference,
        line_items: [
          {
            external_id: job.reference,
            title: job.title,
            quantity: job.copies,
            printable_normalization: {
              pod_package_id: podPackageId,
              cover: { source_url: job.urls.cover },
              interior: { source_url: job.urls.interior },
            },
          },
        ],
        shipping_address: {
          name: a.recipient_name,
          street1: a.address,
          city: a.city,
          postcode: a.postal_code,
          country_code: a.country,
          phone_number: a.phone,
          email: job.contactEmail,
        },
        shipping_level: config.LULU_SHIPPING_LEVEL,
      });
      const name = created.status?.name ?? 'CREATED';
      return { status: printStatusOfLulu(name) ?? 'sent_to_printer', jobId: String(created.id), providerStatus: name };
    },
  };
}
