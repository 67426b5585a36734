import type { Handlers } from '../../http/route';
import type { AuthService } from './service';

export function authRoutes(auth: AuthService): Pick<Handlers, 'user/login' | 'jwt/refresh-token' | 'user/logout'> {
  return {
    'user/login': (body) => auth.login(body),
    'jwt/refresh-token': (body) => auth.refresh(body.refreshToken),
    'user/logout': (body) => auth.logout(body.refreshToken),
  };
}
