import { authApi } from '@common/api/auth';
import { isLanguage } from '@common/languages';
import { badRequest, forbidden, unauthorized } from '../http/errors';
import { clientAddress } from '../http/client-address';
import { routesOf } from '../http/routes';
import { captchaSecret, createCaptcha } from '../providers/captcha';
import { limitByIp, pruneCounters } from '../rate-limit';
import { bearerToken } from './guard';
import * as repo from './repository';
import { clearSessionCookies, setSessionCookies } from './session-cookie';
import * as service from './service';

/**
 * Accounts (spec section 7, "Authentication and account"), declared in common/api/auth.ts: the
 * public calls are rate limited per address; getUser, revokeToken and postUpSertUser need a user.
 */
export const authRoutes = routesOf(authApi, (ctx, log) => {
  const { db, config } = ctx;
  const deps: service.AccountsDeps = ctx;
  const captcha = createCaptcha(config, db, captchaSecret(config));
  if (captcha.kind === 'none' && config.NODE_ENV !== 'test') {
    log('CAPTCHA_PROVIDER=none: registration has no captcha. Use this for local automation only.');
  }
  if (!config.SECRET_KEY && captcha.kind === 'altcha' && config.NODE_ENV === 'production') {
    log('SECRET_KEY is not set: captcha challenges are signed with a key that changes at each start (set it when running several nodes).');
  }
  void pruneCounters(db).catch(() => undefined);

  return {
    authConfig: async () => ({
      success: {
        google_client_id: config.GOOGLE_CLIENT_ID ?? null,
        captcha: captcha.kind,
        recaptcha_site_key: captcha.kind === 'recaptcha' ? (config.RECAPTCHA_SITE_KEY ?? null) : null,
      },
    }),

    captchaChallenge: {
      limit: [limitByIp(db, 'captcha', service.LIMITS.captchaPerIp)],
      handler: async (_request, reply) => {
        if (!captcha.challenge) throw badRequest('auth.captcha_off');
        return reply.header('cache-control', 'no-store').send(await captcha.challenge());
      },
    },

    register: {
      limit: [limitByIp(db, 'register', service.LIMITS.registerPerIp)],
      handler: async (request, reply) => {
        if (!(await captcha.verify(request.body.captcha, clientAddress(request)))) throw badRequest('auth.captcha_failed');
        const outcome = await service.registerAccount(deps, request.body, request.lng);
        if (outcome.status === 202) {
          reply.code(202);
          return { success: { email: outcome.email, message: outcome.message } };
        }
        return { success: { email: outcome.email, registration_ticket: outcome.registration_ticket } };
      },
    },

    verifyRegistrationWithoutOtp: {
      limit: [limitByIp(db, 'verify', service.LIMITS.verifyPerIp)],
      handler: async (request, reply) => {
        const { email, registration_ticket, trial_session, remember_me } = request.body;
        const result = await service.verifyRegistration(deps, email, registration_ticket, trial_session, remember_me);
        setSessionCookies(request, reply, result.token, remember_me === true);
        return { success: result };
      },
    },

    login: {
      limit: [limitByIp(db, 'login', service.LIMITS.loginPerIp)],
      handler: async (request, reply) => {
        const body = request.body;
        const result =
          'access_token' in body
            ? await service.loginWithGoogle(deps, body, request.lng)
            : await service.loginWithPassword(deps, body, captcha, clientAddress(request));
        setSessionCookies(request, reply, result.token, body.remember_me === true);
        return { success: result };
      },
    },

    /** Limited inside the service, per address and per e-mail, without telling which e-mails exist. */
    forgotPassword: async (request) => ({
      success: { message: await service.requestPasswordReset(deps, request.body.email, request.lng, clientAddress(request)) },
    }),

    resetPassword: {
      limit: [limitByIp(db, 'reset', service.LIMITS.resetPerIp)],
      handler: async (request) => {
        const { token, password, confirm_password } = request.body;
        return { success: { message: await service.resetPassword(deps, token, password, confirm_password, request.lng) } };
      },
    },

    confirmEmail: {
      limit: [limitByIp(db, 'confirm', service.LIMITS.confirmPerIp)],
      handler: async (request, reply) => {
        const lng = isLanguage(request.query.lng) ? request.query.lng : request.lng;
        const ok = request.query.token ? await service.confirmEmail(deps, request.query.token, lng) : false;
        return reply.redirect(`/${lng}/login?confirmed=${ok ? 1 : 0}`);
      },
    },

    /** Renews the session: a new 30-day token (once per token); the old one stops working a minute later. */
    refreshToken: async (request, reply) => {
      const token = bearerToken(request);
      if (!token) throw unauthorized();
      const { rotated, remember, ...success } = await service.refreshToken(deps, token);
      if (rotated) setSessionCookies(request, reply, success.token, remember);
      return { success };
    },

    revokeToken: async (request, reply) => {
      await repo.revokeToken(db, request.user.tokenHash);
      clearSessionCookies(request, reply);
      return { success: true };
    },

    getUser: async (request) => ({ success: repo.presentUser(request.user) }),

    postUpSertUser: async (request) => {
      const { id, first_name, last_name, city } = request.body;
      if (id !== request.user.id) throw forbidden();
      const row = await repo.updateUser(db, id, { first_name, last_name, city });
      return { success: { user: repo.presentUser(row), message: ctx.translate(request.lng, 'user_updated', {}, 'errors-auth') } };
    },
  };
});
