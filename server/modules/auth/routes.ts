import type { Handlers } from '../../http/route';
import { AppError } from '../../http/errors';
import type { AuthService } from './service';

type AuthEndpoint = 'user/login' | 'jwt/refresh-token' | 'user/logout' | 'setup/status' | 'setup/first-admin';

export function authRoutes(auth: AuthService): Pick<Handlers, AuthEndpoint> {
  return {
    'setup/status': async () => ({ needsAdministrator: await auth.needsAdministrator() }),
    'setup/first-admin': async (body) => {
      if (!(await auth.createFirstAdministrator(body))) throw new AppError('EXISTS');
      return null;
    },
    'user/login': (body, ctx) => auth.login(body, ctx.ip),
    'jwt/refresh-token': (body) => auth.refresh(body.refreshToken),
    'user/logout': (body) => auth.logout(body.refreshToken),
  };
}
