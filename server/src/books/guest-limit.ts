import type { Db } from '../db';
import { rateLimit } from '../rate-limit';

/** Guest books one address may start per window (the count lives in the shared `counters` table). */
export const GUEST_BOOKS_PER_WINDOW = 20;
export const GUEST_BOOKS_WINDOW_MS = 60 * 60 * 1000;

/** 429 `rate_limited` once an address has started too many guest books in the window. */
export async function limitGuestCreation(db: Db, ip: string): Promise<void> {
  await rateLimit(db, { key: `books:guest_create:ip:${ip}`, max: GUEST_BOOKS_PER_WINDOW, windowMs: GUEST_BOOKS_WINDOW_MS });
}
