import type { Handlers } from '../../http/route';
import type { ParentService } from './service';

type ParentEndpoint =
  | 'parent/create'
  | 'parent/update'
  | 'parent/info'
  | 'parent/kids'
  | 'parent/search'
  | 'kid/create'
  | 'kid/update'
  | 'kid/delete'
  | 'sale/kidslist'
  | 'profile/kid/info';

export function parentRoutes(parents: ParentService): Pick<Handlers, ParentEndpoint> {
  return {
    'parent/create': (body, ctx) => parents.create(ctx, body),
    'parent/update': (body, ctx) => parents.update(ctx, body),
    'parent/info': (body) => parents.info(body.id),
    'parent/kids': (body) => parents.kids(body.parent_id),
    'parent/search': (body, ctx) => parents.search(ctx, body),
    'kid/create': (body) => parents.createKid(body),
    'kid/update': (body) => parents.updateKid(body),
    'kid/delete': (body) => parents.removeKid(body.id),
    'sale/kidslist': (body, ctx) => parents.kidsForSale(ctx, body.parent_ids),
    'profile/kid/info': (body) => parents.kidInfo(body.id),
  };
}
