import { DOWNLOAD_URL_REVOKE_MS } from '@common/constants';

/** Hands a file to the browser as a download; the object URL is revoked after 40 s (spec section 9). */
export function offerDownload(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(href), DOWNLOAD_URL_REVOKE_MS);
}
