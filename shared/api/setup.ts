import { z } from 'zod';
import { endpoint } from './endpoint';
import { bilingualName, Empty, newPasswordFields, Nothing, withMatchingPasswords } from './common';

/**
 * First run of a new installation: with no employee in the database, the desktop app asks for the
 * first administrator instead of a sign-in nobody could pass.
 */
export const setupStatus = endpoint({
  method: 'POST',
  path: '/setup/status',
  tags: ['Setup'],
  read: true,
  request: Empty,
  response: z.object({
    needsAdministrator: z.boolean(),
    /** The caller is not on the server's computer: the first run needs the setup token the server printed. */
    needsSetupToken: z.boolean(),
  }),
  permission: 'public',
});

export const firstAdministratorRequest = withMatchingPasswords(
  z.object({
    ...bilingualName,
    /** Mobile or email, as at sign-in. */
    login: z.string({ error: 'FIELD_REQUIRED' }).trim().min(3).max(200),
    ...newPasswordFields,
    /** The one-time token the server printed at start (and keeps in its data folder), from another computer. */
    setup_token: z.string().trim().max(200).optional(),
  }),
);
export type FirstAdministratorRequest = z.infer<typeof firstAdministratorRequest>;

export const firstAdministrator = endpoint({
  method: 'POST',
  path: '/setup/first-admin',
  invalidates: ['Setup'],
  request: firstAdministratorRequest,
  response: Nothing,
  permission: 'public',
});

/**
 * What a station asks before it is signed in: that this is PlayDesk (*Test connection*), which version
 * (Settings → About), and the oldest station version it serves (the sign-in screen's warning; a server
 * from before it was declared says none).
 */
export const PLAYDESK_PRODUCT = 'PlayDesk';
export const health = endpoint({
  method: 'GET',
  path: '/health',
  request: Empty,
  response: z.object({
    product: z.literal(PLAYDESK_PRODUCT),
    version: z.string(),
    minStationVersion: z.string().optional(),
  }),
  permission: 'public',
});
