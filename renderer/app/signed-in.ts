import type { SessionUser } from '../../shared/permissions';
import { deferred, page } from './deferred';
import { screenPreloads } from './screens';

// Apart from screens.ts: the frame loaded here imports screens.ts, which would otherwise import it back.

/** The signed-in app's frame (idle lock, menu, header): not needed before sign-in either. */
const shell = deferred<{ user: SessionUser }>(
  page(
    () => import('./shell/signed-in'),
    (m) => m.SignedIn,
  ),
);
export const LazySignedIn = shell.Component;
export const preloadSignedIn = shell.preload;

/** The signed-in screens' styles, made while the login form waits (see StyleWarmup). */
const warmup = deferred(
  page(
    () => import('./shell/style-warmup'),
    (m) => m.StyleWarmup,
  ),
);
export const LazyStyleWarmup = warmup.Component;

/**
 * Fetches the signed-in app's code while the login form waits, one chunk after another so that the
 * form stays responsive: sign-in then shows the first screen without waiting for its code. A chunk
 * that fails here is fetched again when its screen opens.
 */
export async function prefetchApp(firstScreen: () => Promise<unknown>): Promise<void> {
  for (const preload of [shell.preload, firstScreen, warmup.preload, ...screenPreloads()])
    await preload().catch(() => undefined);
}
