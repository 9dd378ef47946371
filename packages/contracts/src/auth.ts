import { z } from 'zod';
import { ONE_SHOT_CODE_MIN_LENGTH, PLATFORM } from './constants.js';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;
export const NAME_MAX_LENGTH = 120;
export const EMAIL_MAX_LENGTH = 254;

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

export const LOGIN_PROVIDERS = ['google', 'microsoft'] as const;
export type LoginProvider = (typeof LOGIN_PROVIDERS)[number];

/** What the browser posts after an identity-provider login; the server re-checks the token itself. */
export const ZSigninRequest = z.object({
  access_token: z.string().min(1).max(8192),
  user: z.object({
    email: z.string().max(EMAIL_MAX_LENGTH),
    name: z.string().max(NAME_MAX_LENGTH).optional().default(''),
    picture: z.string().max(2048).optional().nullable(),
    sub: z.string().max(255),
  }),
  login_provider: z.enum(LOGIN_PROVIDERS),
  platform: z.literal(PLATFORM),
});
export type TSigninRequest = z.infer<typeof ZSigninRequest>;

export const ZAccessTokenResponse = z.object({ access_token: z.string() });
export type TAccessTokenResponse = z.infer<typeof ZAccessTokenResponse>;

export const ZOneShotCodeResponse = z.object({ code: z.string(), expires_in: z.number() });
export type TOneShotCodeResponse = z.infer<typeof ZOneShotCodeResponse>;

export const ZExchangeOneShotCodeRequest = z.object({
  code: z.string().min(ONE_SHOT_CODE_MIN_LENGTH, 'Invalid code format').max(256),
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

/** Run mode carried in the `state` of every OAuth request (SPEC §4). */
export const RUN_MODES = ['widget', 'normal'] as const;
export type RunMode = (typeof RUN_MODES)[number];

export const AUTH_PATHS = {
  register: '/api/authentication/register',
  login: '/api/authentication/login',
  signin: '/api/authentication/signin',
  refresh: '/api/auth/refresh',
  logout: '/api/authentication/logout',
  oneShotCode: '/api/authentication/one-shot-code',
  exchangeOneShotCode: '/api/authentication/exchange-one-shot-code',
  providers: '/api/authentication/providers',
  /** Starts an identity-provider sign-in: GET with ?mode=&return_to=, answers a redirect. */
  providerStart: (provider: LoginProvider) => `/api/${provider}/auth/signin/start`,
  providerCallback: (provider: LoginProvider) => `/api/${provider}/auth/signin/callback`,
} as const;

export const REFRESH_COOKIE = 'knap_refresh';
