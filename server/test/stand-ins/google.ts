import { listenStandIn, readBody, send as sendJson } from './http';

/**
 * A local stand-in for Google's tokeninfo, userinfo (OpenID Connect) and reCAPTCHA siteverify
 * endpoints, speaking their wire format. Register tokens and answers before use.
 */
export interface FakeGoogleAccount {
  sub: string;
  email: string;
  email_verified?: boolean | string;
  given_name?: string;
  family_name?: string;
  aud?: string;
  expires_in?: number;
}

export interface GoogleStandIn {
  url: string;
  tokeninfoUrl: string;
  userinfoUrl: string;
  siteverifyUrl: string;
  /** access token → account */
  tokens: Map<string, FakeGoogleAccount>;
  /** reCAPTCHA response tokens that verify (each once). */
  recaptchaTokens: Set<string>;
  /** What siteverify received (form fields). */
  siteverifyCalls: Array<Record<string, string>>;
  close(): Promise<void>;
}

export async function startGoogleStandIn(): Promise<GoogleStandIn> {
  const tokens = new Map<string, FakeGoogleAccount>();
  const recaptchaTokens = new Set<string>();
  const siteverifyCalls: Array<Record<string, string>> = [];
  const standIn = await listenStandIn(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const send = (status: number, body: unknown) => sendJson(res, status, body);
    if (req.method === 'GET' && url.pathname === '/tokeninfo') {
      const account = tokens.get(url.searchParams.get('access_token') ?? '');
      if (!account) return send(400, { error_description: 'Invalid Value' });
      return send(200, {
        azp: account.aud,
        aud: account.aud,
        sub: account.sub,
        scope: 'openid email profile',
        exp: String(Math.floor(Date.now() / 1000) + (account.expires_in ?? 3599)),
        expires_in: String(account.expires_in ?? 3599),
        email: account.email,
        email_verified: String(account.email_verified ?? true),
        access_type: 'online',
      });
    }
    if (req.method === 'GET' && url.pathname === '/v1/userinfo') {
      const auth = req.headers.authorization ?? '';
      const account = tokens.get(auth.replace(/^Bearer /, ''));
      if (!account) return send(401, { error: 'invalid_request', error_description: 'Invalid Credentials' });
      return send(200, {
        sub: account.sub,
        email: account.email,
        email_verified: account.email_verified ?? true,
        given_name: account.given_name,
        family_name: account.family_name,
        name: `${account.given_name ?? ''} ${account.family_name ?? ''}`.trim(),
        picture: 'https://lh3.googleusercontent.com/a/default-user',
        locale: 'en',
      });
    }
    if (req.method === 'POST' && url.pathname === '/recaptcha/api/siteverify') {
      const form = Object.fromEntries(new URLSearchParams((await readBody(req)).toString()));
      siteverifyCalls.push(form);
      const ok = form.secret === 'test-secret' && recaptchaTokens.delete(form.response ?? '');
      return send(
        200,
        ok
          ? { success: true, challenge_ts: new Date().toISOString(), hostname: 'localhost' }
          : { success: false, 'error-codes': form.secret === 'test-secret' ? ['invalid-input-response'] : ['invalid-input-secret'] },
      );
    }
    send(404, { error: 'not_found' });
  });
  const url = standIn.origin;
  return {
    url,
    tokeninfoUrl: `${url}/tokeninfo`,
    userinfoUrl: `${url}/v1/userinfo`,
    siteverifyUrl: `${url}/recaptcha/api/siteverify`,
    tokens,
    recaptchaTokens,
    siteverifyCalls,
    close: standIn.close,
  };
}
