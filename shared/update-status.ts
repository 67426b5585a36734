import { z } from 'zod';

/**
 * Where this station's update stands (Settings → About). `off`: no feed set (`no-feed`), a feed that is
 * not https (`insecure-feed`), a build whose installer names no signing publisher to check an update
 * against (`unsigned-build`), or browser mode, which the server's computer updates (`not-desktop`).
 * `ready`: downloaded, installed when PlayDesk closes.
 */
export const updateStatusSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('off'), reason: z.enum(['no-feed', 'insecure-feed', 'unsigned-build', 'not-desktop']) }),
  z.object({ state: z.literal('checking') }),
  z.object({ state: z.literal('current') }),
  z.object({ state: z.literal('downloading'), version: z.string(), percent: z.number().min(0).max(100) }),
  z.object({ state: z.literal('ready'), version: z.string() }),
  z.object({ state: z.literal('error') }),
]);
export type UpdateStatus = z.infer<typeof updateStatusSchema>;
