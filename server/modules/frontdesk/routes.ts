import type { Handlers } from '../../http/route';
import type { RequestContext } from '../../http/context';
import type { OtpService } from './otp';
import type { SessionService } from './sessions';
import type { Realtime } from '../../realtime/realtime';
import { visitsChanged } from '../../realtime/visits';

type FrontDeskEndpoint =
  | 'otp/send'
  | 'otp/verify'
  | 'parent/kids/checkin'
  | 'parent/kids/checkout'
  | 'admin/actions/checkout'
  | 'kids/checkedinlist'
  | 'kids/session/time'
  | 'kids/session/time/:kid_id'
  | 'kids/session/billing/:id'
  | 'kids/session/billing'
  | 'kids/session/payments'
  | 'kids/session/payments/:kid_id'
  | 'kids/session/fee'
  | 'kids/session/fee/log'
  | 'profile/kid/session'
  | 'profile/kid/roomsession';

export function frontDeskRoutes(otp: OtpService, sessions: SessionService, realtime: Realtime): Pick<Handlers, FrontDeskEndpoint> {
  const verifyCode = (ctx: RequestContext) => (parentId: number, mobile: string, code: string) => otp.verify(ctx, { id: parentId, mobile, otp: code });
  return {
    'otp/send': (body, ctx) => otp.send(ctx, body),
    'otp/verify': (body, ctx) => otp.verify(ctx, body),
    'parent/kids/checkin': (body, ctx) => visitsChanged(realtime, sessions.checkin(ctx, body)),
    'parent/kids/checkout': (body, ctx) => visitsChanged(realtime, sessions.checkout(ctx, body.ids)),
    'admin/actions/checkout': (body, ctx) => visitsChanged(realtime, sessions.adminCheckout(ctx, body)),
    'kids/checkedinlist': (body, ctx) => sessions.list(ctx, body),
    'kids/session/time': (body, ctx) => sessions.times(ctx, body.kids),
    'kids/session/time/:kid_id': (body, ctx) => sessions.timeOfKid(ctx, body.kid_id, body.session_id),
    'kids/session/billing/:id': (body, ctx) => sessions.bill(ctx, body.id),
    'kids/session/billing': async (body, ctx) => {
      const bills = await sessions.latest(ctx, body.kids, true);
      return { bills, total: bills.reduce((sum, b) => sum + b.due, 0) };
    },
    'kids/session/payments': async (body, ctx) => {
      const bills = await sessions.latest(ctx, body.kids, false);
      return body.otp === undefined ? bills : sessions.confirmByParent(ctx, body.kids, bills, body.otp, verifyCode(ctx));
    },
    'kids/session/payments/:kid_id': async (body, ctx) => {
      const bill = await sessions.paymentOfKid(ctx, body.kid_id, body.session_id);
      return body.otp === undefined ? bill : (await sessions.confirmByParent(ctx, [body.kid_id], [bill], body.otp, verifyCode(ctx)))[0]!;
    },
    'kids/session/fee': (body, ctx) => sessions.decide(ctx, body),
    'kids/session/fee/log': (body, ctx) => sessions.decisions(ctx, body.session_id),
    'profile/kid/session': (body, ctx) => sessions.ofKid(ctx, body),
    // Room visits are recorded by the room supervisor, which is not built yet.
    'profile/kid/roomsession': async (body) => ({ rows: [], total: 0, page: body.page, perPage: body.perPage }),
  };
}
