import { endpointsPlugin } from '../../http/route';
import * as packagesApi from '../../../shared/api/packages';
import type { PackageService } from './service';

export function packageRoutes(packages: PackageService) {
  return endpointsPlugin(packagesApi, {
    'package/pagelist': (body, ctx) => packages.page(ctx, body),
    'package/list': (_body, ctx) => packages.all(ctx),
    'package/create': (body, ctx) => packages.create(ctx, body),
    'package/update': (body, ctx) => packages.update(ctx, body),
    'package/delete': (body, ctx) => packages.remove(ctx, body.id),
  });
}
