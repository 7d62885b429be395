import type { ShippingAddress, PrintStatus } from '@common/schemas/printing';
import type { Config } from '../../config';
import type { Mailer } from '../../providers/mail';
import type { CoverGeometry } from '@common/rules/printing';
import { emailFulfilment } from './email';
import { luluFulfilment } from './lulu';

/** A paid print order as a print provider receives it. */
export interface PrintJob {
  reference: string;
  title: string;
  copies: number;
  pageCount: number;
  /** Buyer's e-mail (Lulu's contact for the job). */
  contactEmail: string;
  address: ShippingAddress;
  interior: Buffer;
  /** Draws the cover spread at a size (ours, or the provider's if it differs). */
  cover: (geometry: CoverGeometry) => Promise<Buffer>;
  geometry: CoverGeometry;
  /** Signed links to the stored files (what Lulu downloads). */
  urls: { interior: string; cover: string };
  /** Stores the cover actually sent (so the signed link serves it). */
  storeCover: (pdf: Buffer) => Promise<void>;
}

export interface Submitted {
  status: PrintStatus;
  jobId: string | null;
  providerStatus: string | null;
}

/** Where paid print orders go: the print operator's mailbox (default) or Lulu's Print API. */
export interface PrintFulfilment {
  readonly kind: 'email' | 'lulu';
  submit(job: PrintJob): Promise<Submitted>;
}

export const isLuluConfigured = (config: Pick<Config, 'LULU_CLIENT_KEY' | 'LULU_CLIENT_SECRET'>) =>
  Boolean(config.LULU_CLIENT_KEY && config.LULU_CLIENT_SECRET);

export function createFulfilment(config: Config, mailer: Mailer, podPackageId: string): PrintFulfilment {
  if (isLuluConfigured(config)) return luluFulfilment(config, podPackageId);
  return emailFulfilment(mailer, config.PRINT_ORDERS_EMAIL);
}
