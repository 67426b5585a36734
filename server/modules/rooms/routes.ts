import { endpointsPlugin } from '../../http/route';
import * as roomsApi from '../../../shared/api/rooms';
import type { RoomService } from './service';

export function roomRoutes(rooms: RoomService) {
  return endpointsPlugin(roomsApi, {
    'room/listall': (body, ctx) => rooms.list(ctx, body),
    'room/create': (body, ctx) => rooms.create(ctx, body),
    'room/data/update': (body, ctx) => rooms.update(ctx, body),
    'room/delete': (body, ctx) => rooms.remove(ctx, body.id),
    'room/revoke': (body, ctx) => rooms.revoke(ctx, body),
    'roomaccess/list': (body, ctx) => rooms.accessList(ctx, body),
    'room/supervisor/list': (body, ctx) => rooms.supervisorList(ctx, body),
    'kidroomsession/pagelist': (body, ctx) => rooms.visits(ctx, body),
    'profile/kid/roomsession': (body, ctx) => rooms.ofKid(ctx, body),
  });
}
