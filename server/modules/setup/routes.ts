import { endpointsPlugin } from '../../http/route';
import * as setupApi from '../../../shared/api/setup';
import { PLAYDESK_PRODUCT } from '../../../shared/api/setup';
import { AppError } from '../../http/errors';
import type { AuthService } from '../auth/service';
import type { FirstRunGate } from './first-run-gate';
import { MIN_STATION_VERSION } from '../../../shared/domain/version';
import packageJson from '../../../package.json' with { type: 'json' };

/** `minStationVersion`: the oldest station version this server serves, told to stations before sign-in. */
export function setupRoutes(auth: AuthService, gate: FirstRunGate, minStationVersion = MIN_STATION_VERSION) {
  return endpointsPlugin(setupApi, {
    'setup/status': async (_body, ctx) => ({
      needsAdministrator: await auth.needsAdministrator(),
      needsSetupToken: !ctx.local,
    }),
    'setup/first-admin': async ({ setup_token, ...administrator }, ctx) => {
      if (!gate.allows(ctx, setup_token)) {
        throw new AppError('NOT_AUTHORISED', { errors: [{ path: 'setup_token', message: 'FIELD_INVALID' }] });
      }
      await auth.firstRunAdministrator(administrator);
      await gate.spend();
      return null;
    },
    health: async () => ({ product: PLAYDESK_PRODUCT, version: packageJson.version, minStationVersion }),
  });
}
