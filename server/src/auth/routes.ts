import { z } from 'zod';
import { isLanguage } from '@common/languages';
import { successOf } from '@common/schemas/api';
import {
  AuthConfigSchema,
  ForgotPasswordBodySchema,
  LoginBodySchema,
  LoginResultSchema,
  MessageSchema,
  RefreshResultSchema,
  RegisterBodySchema,
  RegisterCreatedSchema,
  RegisterPendingSchema,
  ResetPasswordBodySchema,
  UpsertUserBodySchema,
  UpsertUserResultSchema,
  UserSchema,
  VerifyRegistrationBodySchema,
} from '@common/schemas/auth';
import type { AreaRoutes } from '../app';
import { badRequest, forbidden, unauthorized } from '../http/errors';
import { captchaSecret, createCaptcha } from '../providers/captcha';
import { createMailer } from '../providers/mail';
import { limitByIp, pruneCounters } from '../rate-limit';
import { bearerToken, requireUser } from './guard';
import * as repo from './repository';
import { clearSessionCookies, setSessionCookies } from './session-cookie';
import * as service from './service';

/**
 * Accounts (spec section 7, "Authentication and account"). Public calls first (rate limited),
 * then the ones behind `requireUser`.
 */
export const authRoutes: AreaRoutes = (api, ctx) => {
  const { db, config } = ctx;
  const deps: service.AccountsDeps = { ...ctx, mailer: createMailer(config) };
  const captcha = createCaptcha(config, db, captchaSecret(config));
  if (captcha.kind === 'none' && config.NODE_ENV !== 'test') {
    api.log.warn('CAPTCHA_PROVIDER=none: registration has no captcha. Use this for local automation only.');
  }
  if (!config.SECRET_KEY && captcha.kind === 'altcha' && config.NODE_ENV === 'production') {
    api.log.warn(
      'SECRET_KEY is not set: captcha challenges are signed with a key that changes at each start (set it when running several nodes).',
    );
  }
  void pruneCounters(db).catch(() => undefined);

  api.get('/authConfig', { schema: { response: { 200: successOf(AuthConfigSchema) } } }, async () => ({
    success: {
      google_client_id: config.GOOGLE_CLIENT_ID ?? null,
      captcha: captcha.kind,
      recaptcha_site_key: captcha.kind === 'recaptcha' ? (config.RECAPTCHA_SITE_KEY ?? null) : null,
    },
  }));

  /** ALTCHA challenge, in the shape the widget fetches (not wrapped in `success`). */
  api.get('/captchaChallenge', { preHandler: limitByIp(db, 'captcha', service.LIMITS.captchaPerIp) }, async (_request, reply) => {
    if (!captcha.challenge) throw badRequest('auth.captcha_off');
    reply.header('cache-control', 'no-store');
    return captcha.challenge();
  });

  api.post(
    '/register',
    { preHandler: limitByIp(db, 'register', service.LIMITS.registerPerIp), schema: { body: RegisterBodySchema } },
    async (request, reply) => {
      if (!(await captcha.verify(request.body.captcha, request.ip))) throw badRequest('auth.captcha_failed');
      const outcome = await service.registerAccount(deps, request.body, request.lng);
      if (outcome.status === 202) {
        return reply.code(202).send({ success: RegisterPendingSchema.parse({ email: outcome.email, message: outcome.message }) });
      }
      return reply
        .code(200)
        .send({ success: RegisterCreatedSchema.parse({ email: outcome.email, registration_ticket: outcome.registration_ticket }) });
    },
  );

  api.post(
    '/verifyRegistrationWithoutOtp',
    {
      preHandler: limitByIp(db, 'verify', service.LIMITS.verifyPerIp),
      schema: { body: VerifyRegistrationBodySchema, response: { 200: successOf(LoginResultSchema) } },
    },
    async (request, reply) => {
      const { email, registration_ticket, trial_session, remember_me } = request.body;
      const result = await service.verifyRegistration(deps, email, registration_ticket, trial_session, remember_me);
      setSessionCookies(request, reply, result.token, remember_me === true);
      return { success: result };
    },
  );

  api.post(
    '/login',
    {
      preHandler: limitByIp(db, 'login', service.LIMITS.loginPerIp),
      schema: { body: LoginBodySchema, response: { 200: successOf(LoginResultSchema) } },
    },
    async (request, reply) => {
      const body = request.body;
      const result =
        'access_token' in body
          ? await service.loginWithGoogle(deps, body, request.lng)
          : await service.loginWithPassword(deps, body, captcha, request.ip);
      setSessionCookies(request, reply, result.token, body.remember_me === true);
      return { success: result };
    },
  );

  api.post(
    '/forgotPassword',
    { schema: { body: ForgotPasswordBodySchema, response: { 200: successOf(MessageSchema) } } },
    async (request) => ({
      success: { message: await service.requestPasswordReset(deps, request.body.email, request.lng, request.ip) },
    }),
  );

  api.post(
    '/resetPassword',
    {
      preHandler: limitByIp(db, 'reset', service.LIMITS.resetPerIp),
      schema: { body: ResetPasswordBodySchema, response: { 200: successOf(MessageSchema) } },
    },
    async (request) => {
      const { token, password, confirm_password } = request.body;
      return { success: { message: await service.resetPassword(deps, token, password, confirm_password, request.lng) } };
    },
  );

  /** The confirmation link of the e-mail (REQUIRE_EMAIL_CONFIRMATION): confirms, then opens the login page. */
  api.get(
    '/confirmEmail',
    {
      preHandler: limitByIp(db, 'confirm', service.LIMITS.confirmPerIp),
      schema: { querystring: z.object({ token: z.string().max(200).default(''), lng: z.string().optional() }) },
    },
    async (request, reply) => {
      const lng = isLanguage(request.query.lng) ? request.query.lng : request.lng;
      const ok = request.query.token ? await service.confirmEmail(deps, request.query.token, lng) : false;
      return reply.redirect(`/${lng}/login?confirmed=${ok ? 1 : 0}`);
    },
  );

  /** Renews the session: a new 30-day token (once per token); the old one stops working a minute later. */
  api.post('/refreshToken', { schema: { response: { 200: successOf(RefreshResultSchema) } } }, async (request, reply) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const { rotated, remember, ...success } = await service.refreshToken(deps, token);
    if (rotated) setSessionCookies(request, reply, success.token, remember);
    return { success };
  });

  api.post(
    '/revokeToken',
    { preHandler: requireUser(db), schema: { response: { 200: successOf(z.boolean()) } } },
    async (request, reply) => {
      await repo.revokeToken(db, request.user!.tokenHash);
      clearSessionCookies(request, reply);
      return { success: true };
    },
  );

  api.get('/getUser', { preHandler: requireUser(db), schema: { response: { 200: successOf(UserSchema) } } }, async (request) => ({
    success: repo.presentUser(request.user!),
  }));

  /** The profile screen's fetch (the spec leaves its path open). */
  api.get('/getProfile', { preHandler: requireUser(db), schema: { response: { 200: successOf(UserSchema) } } }, async (request) => ({
    success: repo.presentUser(request.user!),
  }));

  api.post(
    '/postUpSertUser',
    { preHandler: requireUser(db), schema: { body: UpsertUserBodySchema, response: { 200: successOf(UpsertUserResultSchema) } } },
    async (request) => {
      const { id, first_name, last_name, city } = request.body;
      if (id !== request.user!.id) throw forbidden();
      const row = await repo.updateUser(db, id, { first_name, last_name, city });
      return { success: { user: repo.presentUser(row), message: ctx.translate(request.lng, 'user_updated', {}, 'errors-auth') } };
    },
  );
};
