import { z } from 'zod';
import { JsonFile } from '../platform/node/json-file';

/**
 * Browser mode's launch, written where only the launcher's OS user may read it (0600, in the station's
 * data folder): its address and the page's cookie, so a tool of that user (the browser tests) can give
 * its browsers the pass the launcher's own browser got from the one-time address.
 */
export const launchSchema = z.object({
  url: z.url(),
  cookie: z.object({ name: z.string().regex(/^playdesk_bridge_\d+$/), value: z.string().min(43) }),
});
export type Launch = z.infer<typeof launchSchema>;

export const launchFile = (path: string) => new JsonFile(path, launchSchema, 0o600);
