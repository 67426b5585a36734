import { z } from 'zod';
import { endpoint } from './endpoint';
import { Empty } from './common';
import { IDLE_SECONDS_RANGE } from '../domain/idle';

export const chainSettingsSchema = z.object({
  /** A station untouched this long locks; a browser page closed this long is signed out. */
  idle_seconds: z.number({ error: 'FIELD_REQUIRED' }).int().min(IDLE_SECONDS_RANGE.min).max(IDLE_SECONDS_RANGE.max),
});
export type ChainSettings = z.infer<typeof chainSettingsSchema>;

/** Every station reads it once signed in, to know when to lock. */
export const chainSettingsGet = endpoint({
  method: 'GET',
  path: '/settings/chain',
  tags: ['ChainSettings'],
  request: Empty,
  response: chainSettingsSchema,
  permission: 'authenticated',
});

/** A manager's (the *update* right on Settings; administrators always): one value for the whole chain. */
export const chainSettingsUpdate = endpoint({
  method: 'POST',
  path: '/settings/chain/update',
  invalidates: ['ChainSettings'],
  request: chainSettingsSchema,
  response: chainSettingsSchema,
  permission: { action: 'update', subject: 'Settings' },
});
