import { z } from 'zod';

/**
 * A chat message written on this station that the server has not stored yet (spec 4: pending). The
 * main process keeps it on disk until the server answers, so a restart or a lost network loses none,
 * and sends it under the same clientId until then (the server stores it once).
 */
export const pendingChatSchema = z.object({
  clientId: z.string().uuid(),
  receiverId: z.number().int().positive(),
  body: z.string(),
  replyTo: z.number().int().positive().nullable(),
  createdAt: z.string(),
  pending: z.literal(true),
});
export type PendingChat = z.infer<typeof pendingChatSchema>;
