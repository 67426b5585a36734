import { endpointsPlugin } from '../../http/route';
import * as supervisorApi from '../../../shared/api/supervisor';
import type { SupervisorService } from './service';

export function supervisorRoutes(supervisors: SupervisorService) {
  return endpointsPlugin(supervisorApi, {
    'otp/supervisor/send': (body, ctx) => supervisors.sendCode(ctx, body),
    'otp/supervisor/verify': (body, ctx) => supervisors.verifyCode(ctx, body),
    'room/supervisor': (_body, ctx) => supervisors.state(ctx),
    'room/supervisor/roomlist': (_body, ctx) => supervisors.roomList(ctx),
    'room/supervisor/login': (body, ctx) => supervisors.login(ctx, body.room_id),
    'room/supervisor/logout': (_body, ctx) => supervisors.logout(ctx),
    'supervisor/badge': (body, ctx) => supervisors.badge(ctx, body.badge),
    'supervisor/checkin': (body, ctx) => supervisors.checkin(ctx, body),
    'supervisor/checkout': (body, ctx) => supervisors.checkout(ctx, body),
  });
}
