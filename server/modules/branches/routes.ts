import type { Handlers } from '../../http/route';
import type { BranchService } from './service';

export function branchRoutes(branches: BranchService): Pick<Handlers, 'branch/pagelist' | 'branch/create' | 'branch/update' | 'branch/delete'> {
  return {
    'branch/pagelist': (body, ctx) => branches.list(ctx, body),
    'branch/create': (body) => branches.create(body),
    'branch/update': (body, ctx) => branches.update(ctx, body),
    'branch/delete': (body, ctx) => branches.remove(ctx, body.id),
  };
}
