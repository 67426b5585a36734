import { endpointsPlugin } from '../../http/route';
import * as authApi from '../../../shared/api/auth';
import type { AuthService } from './service';

export function authRoutes(auth: AuthService) {
  return endpointsPlugin(authApi, {
    'user/login': (body, ctx) => auth.login(body, ctx.ip),
    'jwt/refresh-token': (body) => auth.refresh(body.refreshToken),
    'user/logout': (body) => auth.logout(body.refreshToken),
  });
}
