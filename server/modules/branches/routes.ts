import { endpointsPlugin } from '../../http/route';
import * as branchesApi from '../../../shared/api/branches';
import type { BranchService } from './service';

export function branchRoutes(branches: BranchService) {
  return endpointsPlugin(branchesApi, {
    'branch/pagelist': (body, ctx) => branches.list(ctx, body),
    'branch/station': (body, ctx) => branches.ofStation(ctx, body.branch_id),
    'branch/create': (body) => branches.create(body),
    'branch/update': (body, ctx) => branches.update(ctx, body),
    'branch/delete': (body, ctx) => branches.remove(ctx, body.id),
  });
}
