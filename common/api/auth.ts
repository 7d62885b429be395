import { z } from 'zod';
import { defineCall } from './contract';
import {
  AuthConfigSchema,
  ConfirmEmailQuerySchema,
  ForgotPasswordBodySchema,
  LoginBodySchema,
  LoginResultSchema,
  MessageSchema,
  RefreshResultSchema,
  RegisterBodySchema,
  RegisterResultSchema,
  ResetPasswordBodySchema,
  UpsertUserBodySchema,
  UpsertUserResultSchema,
  UserSchema,
  VerifyRegistrationBodySchema,
} from '../schemas/auth';

/** Accounts (spec section 7, "Authentication and account"): signing up and in, tokens, the profile. */
export const authApi = {
  /** What the sign-in screens show: Google's client id, which captcha. */
  authConfig: defineCall({ method: 'GET', path: '/authConfig', scope: 'public', response: AuthConfigSchema }),
  /** An ALTCHA challenge, in the widget's own shape (not wrapped in `success`). */
  captchaChallenge: defineCall({ method: 'GET', path: '/captchaChallenge', scope: 'public' }),
  /** 200 with a one-time ticket (verified account), or 202 with a message (a confirmation link was mailed). */
  register: defineCall({ method: 'POST', path: '/register', scope: 'public', body: RegisterBodySchema, response: RegisterResultSchema }),
  verifyRegistrationWithoutOtp: defineCall({
    method: 'POST',
    path: '/verifyRegistrationWithoutOtp',
    scope: 'public',
    body: VerifyRegistrationBodySchema,
    response: LoginResultSchema,
  }),
  /** E-mail and password, or a Google access token. */
  login: defineCall({ method: 'POST', path: '/login', scope: 'public', body: LoginBodySchema, response: LoginResultSchema }),
  forgotPassword: defineCall({
    method: 'POST',
    path: '/forgotPassword',
    scope: 'public',
    body: ForgotPasswordBodySchema,
    response: MessageSchema,
  }),
  resetPassword: defineCall({
    method: 'POST',
    path: '/resetPassword',
    scope: 'public',
    body: ResetPasswordBodySchema,
    response: MessageSchema,
  }),
  /** The confirmation link of the e-mail: confirms, then redirects to the login page. */
  confirmEmail: defineCall({ method: 'GET', path: '/confirmEmail', scope: 'public', query: ConfirmEmailQuerySchema }),
  /** Public: it reads the (possibly expiring) token itself and answers 401 when it is not valid. */
  refreshToken: defineCall({ method: 'POST', path: '/refreshToken', scope: 'public', response: RefreshResultSchema }),
  revokeToken: defineCall({ method: 'POST', path: '/revokeToken', scope: 'user', response: z.boolean() }),
  /** The signed-in user; also the profile screen's fetch (the spec leaves that path open). */
  getUser: defineCall({ method: 'GET', path: '/getUser', scope: 'user', response: UserSchema }),
  postUpSertUser: defineCall({
    method: 'POST',
    path: '/postUpSertUser',
    scope: 'user',
    body: UpsertUserBodySchema,
    response: UpsertUserResultSchema,
  }),
};
