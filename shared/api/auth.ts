import { z } from 'zod';
import { sessionUserSchema } from '../permissions';
import { endpoint } from './endpoint';
import { Nothing } from './common';

const password = z.string({ error: 'PASSWORD_MISSING' }).min(1, 'PASSWORD_MISSING').max(200);

export const loginRequest = z.object({
  /** The employee's mobile or email. */
  login: z.string({ error: 'FIELD_REQUIRED' }).trim().min(1).max(200),
  password,
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const tokensSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  user: sessionUserSchema,
});
export type Tokens = z.infer<typeof tokensSchema>;

export const login = endpoint({
  method: 'POST',
  path: '/user/login',
  request: loginRequest,
  response: tokensSchema,
  permission: 'public',
});

export const refreshToken = endpoint({
  method: 'POST',
  path: '/jwt/refresh-token',
  request: z.object({ refreshToken: z.string().min(1).max(2000) }),
  response: tokensSchema,
  permission: 'public',
});

/** The spec configures logout without showing its path; this one revokes the refresh family. */
export const logout = endpoint({
  method: 'POST',
  path: '/user/logout',
  request: z.object({ refreshToken: z.string().min(1).max(2000) }),
  response: Nothing,
  permission: 'public',
});

/**
 * The calls that carry or return tokens. The main process makes them itself (sign-in and sign-out
 * have their own bridge channels); the page may not, so no token ever reaches the renderer.
 */
export const SESSION_ENDPOINTS: ReadonlySet<string> = new Set(['user/login', 'jwt/refresh-token', 'user/logout']);
