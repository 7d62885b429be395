import { z } from 'zod';
import { IdParam } from './api';
import { EMAIL_MAX_LENGTH } from '../constants';

/** Accounts: payloads and answers of the calls of spec section 7 "Authentication and account". */

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;

const name = z.string().trim().min(1).max(100);
export const EmailSchema = z.string().trim().toLowerCase().max(EMAIL_MAX_LENGTH).pipe(z.email());
/** Length only: the server answers a translated `auth.password_too_short`, not a zod message. */
const password = z.string().max(PASSWORD_MAX_LENGTH);
/** The raw JSON string the browser keeps in local storage (or its parsed object); never fails a call. */
const trialSession = z.unknown().optional();
/** Remember me: the session cookie lasts 30 days instead of ending with the browser. */
const rememberMe = z.boolean().optional();

export const UserSchema = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  city: z.string(),
  is_verified: z.boolean(),
  coupon_code: z.string().nullable(),
});
export type User = z.infer<typeof UserSchema>;

export const RegisterBodySchema = z.object({
  first_name: name,
  last_name: name,
  email: EmailSchema,
  city: name,
  password,
  confirm_password: password,
  /** ALTCHA payload (base64) or reCAPTCHA response token; ignored when the captcha is off. */
  captcha: z.string().max(20_000).optional(),
});
export type RegisterBody = z.infer<typeof RegisterBodySchema>;

/** 200: the account exists and is verified; the ticket lets the client sign in once, for minutes. */
export const RegisterCreatedSchema = z.object({ email: z.string(), registration_ticket: z.string() });
/** 202: a confirmation link was mailed. */
export const RegisterPendingSchema = z.object({ email: z.string(), message: z.string() });
export const RegisterResultSchema = z.union([RegisterCreatedSchema, RegisterPendingSchema]);
export type RegisterResult = z.infer<typeof RegisterResultSchema>;

export const VerifyRegistrationBodySchema = z.object({
  email: EmailSchema,
  registration_ticket: z.string().min(1).max(200),
  trial_session: trialSession,
  remember_me: rememberMe,
});

export const CredentialsLoginSchema = z.object({
  email: EmailSchema,
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  trial_session: trialSession,
  remember_me: rememberMe,
  /** Asked for after a few wrong passwords for this e-mail (the answer says captcha_required). */
  captcha: z.string().max(20_000).optional(),
});
export const GoogleLoginSchema = z.object({
  access_token: z.string().min(1).max(4096),
  trial_session: trialSession,
  remember_me: rememberMe,
  given_name: z.string().max(100).optional(),
  family_name: z.string().max(100).optional(),
});
export const LoginBodySchema = z.union([GoogleLoginSchema, CredentialsLoginSchema]);
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const LoginResultSchema = z.object({
  token: z.string(),
  user: UserSchema,
  is_new_user: z.boolean(),
  service_session_id: z.number().nullable(),
});
export type LoginResult = z.infer<typeof LoginResultSchema>;

export const RefreshResultSchema = z.object({ token: z.string(), user: UserSchema });

export const ForgotPasswordBodySchema = z.object({ email: EmailSchema });
export const ResetPasswordBodySchema = z.object({
  token: z.string().min(1).max(200),
  password,
  confirm_password: password,
});
export const MessageSchema = z.object({ message: z.string() });

/** The link of the confirmation e-mail: its token, and the language the login page opens in. */
export const ConfirmEmailQuerySchema = z.object({ token: z.string().max(200).default(''), lng: z.string().optional() });

export const UpsertUserBodySchema = z.object({
  id: IdParam,
  first_name: name,
  last_name: name,
  city: name,
});
export const UpsertUserResultSchema = z.object({ user: UserSchema, message: z.string() });

export const AuthConfigSchema = z.object({
  google_client_id: z.string().nullable(),
  captcha: z.enum(['altcha', 'recaptcha', 'none']),
  recaptcha_site_key: z.string().nullable(),
});
export type AuthConfig = z.infer<typeof AuthConfigSchema>;
