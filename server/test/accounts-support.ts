import fs from 'node:fs';
import type { TestApp } from './helpers';
import { outboxDir } from '../src/providers/mail';

/** Test helpers of the accounts area (not used by production code). */
export const json = (res: { body: string }) => JSON.parse(res.body);

export function registerBody(overrides: Record<string, unknown> = {}) {
  const email = (overrides.email as string | undefined) ?? `writer-${Math.random().toString(36).slice(2, 10)}@example.com`;
  return {
    first_name: 'Marie',
    last_name: 'Curie',
    email,
    city: 'Paris',
    password: 'correct horse',
    confirm_password: 'correct horse',
    ...overrides,
  };
}

/** Registers through the API and signs in with the ticket; returns the login answer. */
export async function registerAndVerify(app: TestApp, overrides: Record<string, unknown> = {}, trial_session?: unknown) {
  const body = registerBody(overrides);
  const reg = await app.inject({ method: 'POST', url: '/api/register', payload: body });
  if (reg.statusCode !== 200) throw new Error(`register ${reg.statusCode}: ${reg.body}`);
  const ticket = json(reg).success.registration_ticket as string;
  const res = await app.inject({
    method: 'POST',
    url: '/api/verifyRegistrationWithoutOtp',
    payload: { email: body.email, registration_ticket: ticket, trial_session },
  });
  if (res.statusCode !== 200) throw new Error(`verify ${res.statusCode}: ${res.body}`);
  return { ...body, ...json(res).success } as {
    email: string;
    password: string;
    token: string;
    user: { id: number; email: string };
    service_session_id: number | null;
    is_new_user: boolean;
  };
}

/** The .eml files written so far, oldest first, as text. */
export function outbox(app: TestApp): string[] {
  const dir = outboxDir(app.ctx.config);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => fs.readFileSync(`${dir}/${f}`, 'utf8'));
}

/** Waits for a message to `to` whose text matches; returns it decoded (quoted-printable soft breaks joined). */
export async function waitForMail(app: TestApp, to: string, match: RegExp = /./, timeoutMs = 5000): Promise<string> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = outbox(app)
      .map(decodeQp)
      .find((m) => m.includes(`To: ${to}`) && match.test(m));
    if (found) return found;
    if (Date.now() > until) throw new Error(`no mail to ${to} matching ${match}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function decodeQp(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
