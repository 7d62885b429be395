import type { Config } from '../../config';

/** A Google account as read from a verified access token. */
export interface GoogleProfile {
  sub: string;
  email: string;
  given_name?: string;
  family_name?: string;
}

export class GoogleTokenError extends Error {
  constructor(readonly reason: 'disabled' | 'invalid_token' | 'wrong_audience' | 'expired' | 'email_not_verified' | 'unreachable') {
    super(reason);
  }
}

type GoogleConfig = Pick<Config, 'GOOGLE_CLIENT_ID' | 'GOOGLE_TOKENINFO_URL' | 'GOOGLE_USERINFO_URL'>;

/**
 * Verifies a Google Identity Services access token: tokeninfo must name our client id as audience
 * (`aud` or `azp`) and not be expired; the profile comes from userinfo and must have a verified e-mail.
 */
export async function verifyGoogleAccessToken(config: GoogleConfig, accessToken: string): Promise<GoogleProfile> {
  if (!config.GOOGLE_CLIENT_ID) throw new GoogleTokenError('disabled');
  const info = await getJson(`${config.GOOGLE_TOKENINFO_URL}?access_token=${encodeURIComponent(accessToken)}`);
  if (!info) throw new GoogleTokenError('invalid_token');
  if (info.aud !== config.GOOGLE_CLIENT_ID && info.azp !== config.GOOGLE_CLIENT_ID) throw new GoogleTokenError('wrong_audience');
  if (!(Number(info.expires_in) > 0)) throw new GoogleTokenError('expired');
  const profile = await getJson(config.GOOGLE_USERINFO_URL, { authorization: `Bearer ${accessToken}` });
  if (!profile || typeof profile.sub !== 'string' || typeof profile.email !== 'string') throw new GoogleTokenError('invalid_token');
  if (info.sub !== undefined && info.sub !== profile.sub) throw new GoogleTokenError('invalid_token');
  if (profile.email_verified !== true && profile.email_verified !== 'true') throw new GoogleTokenError('email_not_verified');
  return {
    sub: profile.sub,
    email: profile.email.trim().toLowerCase(),
    given_name: typeof profile.given_name === 'string' ? profile.given_name : undefined,
    family_name: typeof profile.family_name === 'string' ? profile.family_name : undefined,
  };
}

async function getJson(url: string, headers: Record<string, string> = {}): Promise<Record<string, unknown> | null> {
  let response: Response;
  try {
    response = await fetch(url, { headers, signal: AbortSignal.timeout(10_000) });
  } catch {
    throw new GoogleTokenError('unreachable');
  }
  if (response.status >= 500) throw new GoogleTokenError('unreachable');
  if (!response.ok) return null;
  try {
    return (await response.json()) as Record<string, unknown>;
  } catch {
    return null;
  }
}
