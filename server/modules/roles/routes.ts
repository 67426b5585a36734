import { endpointsPlugin } from '../../http/route';
import * as rolesApi from '../../../shared/api/roles';
import type { RoleService } from './service';

export function roleRoutes(roles: RoleService) {
  return endpointsPlugin(rolesApi, {
    'feature/list': async (body) => roles.featureList(body),
    'priviledge/role/list': (body) => roles.list(body),
    'priviledge/role/create': (body, ctx) => roles.create(ctx, body),
    'priviledge/role/update': (body, ctx) => roles.update(ctx, body),
    'priviledge/role/features': (body) => roles.features(body.id),
    'priviledge/role/users': (body) => roles.users(body.id),
  });
}
