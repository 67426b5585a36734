import { endpointsPlugin } from '../../http/route';
import * as frontDeskApi from '../../../shared/api/frontdesk';
import type { OtpService } from './otp';
import type { OvertimeService } from './overtime';
import type { VisitService } from './visits';
import type { Realtime } from '../../realtime/realtime';
import { visitsChanged } from '../../realtime/branch-news';

interface FrontDesk {
  otp: OtpService;
  visits: VisitService;
  overtime: OvertimeService;
  realtime: Realtime;
}

export function frontDeskRoutes({ otp, visits, overtime, realtime }: FrontDesk) {
  return endpointsPlugin(frontDeskApi, {
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
    'profile/kid/session': (body, ctx) => visits.ofKid(ctx, body),
  });
}
