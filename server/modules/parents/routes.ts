import { endpointsPlugin } from '../../http/route';
import * as parentsApi from '../../../shared/api/parents';
import type { ParentService } from './service';

export function parentRoutes(parents: ParentService) {
  return endpointsPlugin(parentsApi, {
    'parent/create': (body, ctx) => parents.create(ctx, body),
    'parent/update': (body, ctx) => parents.update(ctx, body),
    'parent/info': (body) => parents.info(body.id),
    'parent/kids': (body) => parents.kids(body.parent_id),
    'parent/search': (body, ctx) => parents.search(ctx, body),
    'kid/create': (body, ctx) => parents.createKid(ctx, body),
    'kid/update': (body, ctx) => parents.updateKid(ctx, body),
    'kid/delete': (body) => parents.removeKid(body.id),
    'sale/kidslist': (body, ctx) => parents.kidsForSale(ctx, body.parent_ids),
    'profile/kid/info': (body) => parents.kidInfo(body.id),
  });
}
