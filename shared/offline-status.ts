import { z } from 'zod';

/**
 * Where this station's offline till stands (issue 28), for the status bar and the till:
 * - `link`: whether the station reaches its server now;
 * - `since`: when it was lost (null while online);
 * - `waiting`: sales sold offline not yet recorded by the server (the queue);
 * - `stuck`: of those, the ones the server refused (kept, shown, never dropped);
 * - `numbersLeft`: invoice numbers this station still holds for offline sales;
 * - `catalogueAt`: when the products, packages and prices it would sell offline were last refreshed.
 */
export const offlineStatusSchema = z.object({
  link: z.enum(['online', 'offline']),
  since: z.iso.datetime().nullable(),
  waiting: z.number().int().min(0),
  stuck: z.number().int().min(0),
  numbersLeft: z.number().int().min(0),
  catalogueAt: z.iso.datetime().nullable(),
});
export type OfflineStatus = z.infer<typeof offlineStatusSchema>;
