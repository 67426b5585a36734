import type { HandlersOf } from '../../http/route';
import type * as packagesApi from '../../../shared/api/packages';
import type { PackageService } from './service';

export function packageRoutes(packages: PackageService): HandlersOf<typeof packagesApi> {
  return {
    'package/pagelist': (body, ctx) => packages.page(ctx, body),
    'package/list': (_body, ctx) => packages.all(ctx),
    'package/create': (body, ctx) => packages.create(ctx, body),
    'package/update': (body, ctx) => packages.update(ctx, body),
    'package/delete': (body, ctx) => packages.remove(ctx, body.id),
  };
}
