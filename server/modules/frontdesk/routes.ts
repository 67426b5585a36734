import type { HandlersOf } from '../../http/route';
import type * as frontDeskApi from '../../../shared/api/frontdesk';
import type { ParentService } from '../parents/service';
import type { SaleService } from '../sales/service';
import type { SmsOutbox } from '../../sms/outbox';
import type { OtpService } from './otp';
import type { OvertimeService } from './overtime';
import type { VisitService } from './visits';
import type { Realtime } from '../../realtime/realtime';
import type { RoomService } from '../rooms/service';
import { visitsChanged } from '../../realtime/branch-news';

interface FrontDesk {
  otp: OtpService;
  visits: VisitService;
  overtime: OvertimeService;
  parents: ParentService;
  sales: SaleService;
  outbox: SmsOutbox;
  realtime: Realtime;
  rooms: RoomService;
}

export function frontDeskRoutes({
  otp,
  visits,
  overtime,
  parents,
  sales,
  outbox,
  realtime,
  rooms,
}: FrontDesk): HandlersOf<typeof frontDeskApi> {
  return {
    'otp/send': (body, ctx) => otp.send(ctx, body),
    'otp/verify': (body, ctx) => otp.verify(ctx, body),
    'parent/kids/checkin': (body, ctx) => visitsChanged(realtime, visits.checkin(ctx, body)),
    'parent/kids/checkout': (body, ctx) => visitsChanged(realtime, visits.checkout(ctx, body.ids)),
    'admin/actions/checkout': (body, ctx) => visitsChanged(realtime, visits.adminCheckout(ctx, body)),
    'kids/checkedinlist': (body, ctx) => visits.list(ctx, body),
    'kids/session/time': (body, ctx) => visits.times(ctx, body.kids),
    'kids/session/time/:kid_id': (body, ctx) => visits.timeOfKid(ctx, body.kid_id, body.session_id),
    'kids/session/billing/:id': (body, ctx) => overtime.bill(ctx, body.id),
    'kids/session/billing': (body, ctx) => overtime.billing(ctx, body.kids),
    'kids/session/payments': (body, ctx) => overtime.payments(ctx, body),
    'kids/session/payments/:kid_id': (body, ctx) => overtime.paymentOfKid(ctx, body),
    'kids/session/fee': (body, ctx) => overtime.decide(ctx, body),
    'kids/session/fee/log': (body, ctx) => overtime.decisions(ctx, body.session_id),
    'profile/kid/info': (body) => parents.kidInfo(body.id),
    'profile/kid/invoice': (body, ctx) => sales.ofKid(ctx, body),
    'profile/kid/session': (body, ctx) => visits.ofKid(ctx, body),
    'profile/kid/roomsession': (body, ctx) => rooms.ofKid(ctx, body),
    'sms/outbox': (body, ctx) => outbox.list(ctx, body),
  };
}
