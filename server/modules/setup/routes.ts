import type { HandlersOf } from '../../http/route';
import type * as setupApi from '../../../shared/api/setup';
import { PLAYDESK_PRODUCT } from '../../../shared/api/setup';
import type { AuthService } from '../auth/service';
import packageJson from '../../../package.json' with { type: 'json' };

export function setupRoutes(auth: AuthService): HandlersOf<typeof setupApi> {
  return {
    'setup/status': async () => ({ needsAdministrator: await auth.needsAdministrator() }),
    'setup/first-admin': (body) => auth.firstRunAdministrator(body),
    health: async () => ({ product: PLAYDESK_PRODUCT, version: packageJson.version }),
  };
}
