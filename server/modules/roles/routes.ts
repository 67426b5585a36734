import type { Handlers } from '../../http/route';
import type { RoleService } from './service';

type RoleEndpoint = 'feature/list' | 'priviledge/role/list' | 'priviledge/role/create' | 'priviledge/role/update' | 'priviledge/role/features' | 'priviledge/role/users';

export function roleRoutes(roles: RoleService): Pick<Handlers, RoleEndpoint> {
  return {
    'feature/list': async (body) => roles.featureList(body),
    'priviledge/role/list': (body) => roles.list(body),
    'priviledge/role/create': (body, ctx) => roles.create(ctx, body),
    'priviledge/role/update': (body, ctx) => roles.update(ctx, body),
    'priviledge/role/features': (body) => roles.features(body.id),
    'priviledge/role/users': (body) => roles.users(body.id),
  };
}
