import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  LOGIN_PROVIDERS,
  NAME_MAX_LENGTH,
  ONE_SHOT_CODE_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PLATFORM,
} from './constants.js';

/**
 * The `detail` texts of signing in and sessions. How an identity-provider sign-in failed is
 * SIGNIN_FAILURES (errors.ts): the callback page shows those too.
 */
export const AUTH_DETAIL = {
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists',
  verificationLinkInvalid:
    'This verification link is invalid, expired or for another account. Ask for a new one.',
  alreadyVerified: 'Your email address is already verified',
  sessionExpired: 'Your session has expired. Please sign in again.',
  invalidOneShotCode: 'Invalid or expired code',
  providerNotConfigured: (provider: string) => `Sign-in with ${provider} is not configured on this server`,
} as const;

const email = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH, `Email must be at most ${EMAIL_MAX_LENGTH} characters`)
  .pipe(z.email('Enter a valid email address'))
  .transform((v) => v.toLowerCase());

export const ZRegisterRequest = z.object({
  email,
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
  name: z
    .string()
    .trim()
    .min(1, 'Name is required')
    .max(NAME_MAX_LENGTH, `Name must be at most ${NAME_MAX_LENGTH} characters`),
});
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;

export const ZLoginRequest = z.object({
  email,
  password: z.string().min(1, 'Password is required').max(PASSWORD_MAX_LENGTH),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

/** What the browser posts after an identity-provider login; the server re-checks the token itself. */
export const ZSigninRequest = z.object({
  access_token: z.string().min(1).max(8192),
  /**
   * Who the client believes signed in; checked against the provider. A host page handing the widget
   * a provider token (AUTH_SUCCESS) has only the token, so it may be left out.
   */
  user: z
    .object({
      email: z.string().max(EMAIL_MAX_LENGTH),
      name: z.string().max(NAME_MAX_LENGTH).optional().default(''),
      picture: z.string().max(2048).optional().nullable(),
      sub: z.string().max(255),
    })
    .optional(),
  login_provider: z.enum(LOGIN_PROVIDERS),
  platform: z.literal(PLATFORM),
});
export type TSigninRequest = z.infer<typeof ZSigninRequest>;

export const ZAccessTokenResponse = z.object({ access_token: z.string() });
export type TAccessTokenResponse = z.infer<typeof ZAccessTokenResponse>;

/**
 * A one-shot code is minted for the browser context that asked (the widget, through a sign-in
 * popup): it sends the S256 hash of a verifier only it holds, and must show the verifier to trade
 * the code, so a code alone (a link) signs nobody in.
 */
export const ZOneShotCodeRequest = z.object({
  code_challenge: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'code_challenge must be the base64url SHA-256 of the verifier'),
});
export type TOneShotCodeRequest = z.infer<typeof ZOneShotCodeRequest>;

export const ZOneShotCodeResponse = z.object({ code: z.string(), expires_in: z.number() });
export type TOneShotCodeResponse = z.infer<typeof ZOneShotCodeResponse>;

export const ZExchangeOneShotCodeRequest = z.object({
  code: z.string().min(ONE_SHOT_CODE_MIN_LENGTH, 'Invalid code format').max(256),
  code_verifier: z.string().min(43).max(128),
});
export type TExchangeOneShotCodeRequest = z.infer<typeof ZExchangeOneShotCodeRequest>;

export const ZLogoutResponse = z.object({ success: z.boolean() });
export type TLogoutResponse = z.infer<typeof ZLogoutResponse>;

/** Which sign-in methods this server offers; the sign-in page shows buttons for these only. */
export const ZAuthProvidersResponse = z.object({
  password: z.boolean(),
  google: z.boolean(),
  microsoft: z.boolean(),
});
export type TAuthProvidersResponse = z.infer<typeof ZAuthProvidersResponse>;

/** The token of an emailed link (verification, invitation). */
export const ZEmailTokenRequest = z.object({ token: z.string().min(16).max(200) });
export type TEmailTokenRequest = z.infer<typeof ZEmailTokenRequest>;

export const ZVerifyEmailResponse = z.object({ email: z.string(), email_verified: z.boolean() });
export type TVerifyEmailResponse = z.infer<typeof ZVerifyEmailResponse>;

export const ZSendVerificationResponse = z.object({ sent_to: z.string() });
export type TSendVerificationResponse = z.infer<typeof ZSendVerificationResponse>;
