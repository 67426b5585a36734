import type { Handlers } from '../../http/route';
import type { PackageService } from './service';

type PackageEndpoint = 'package/pagelist' | 'package/list' | 'package/create' | 'package/update' | 'package/delete' | 'sale/package/list';

export function packageRoutes(packages: PackageService): Pick<Handlers, PackageEndpoint> {
  return {
    'package/pagelist': (body, ctx) => packages.page(ctx, body),
    'package/list': (_body, ctx) => packages.all(ctx),
    'sale/package/list': (_body, ctx) => packages.all(ctx),
    'package/create': (body, ctx) => packages.create(ctx, body),
    'package/update': (body, ctx) => packages.update(ctx, body),
    'package/delete': (body, ctx) => packages.remove(ctx, body.id),
  };
}
