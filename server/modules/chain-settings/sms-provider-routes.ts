import { endpointsPlugin } from '../../http/route';
import * as smsProviderApi from '../../../shared/api/sms-provider';
import type { SmsProviders } from '../../sms/sms-providers';
import type { SmsSender } from '../../sms/sms-sender';
import type { SmsOutbox } from '../../sms/outbox';
import type { BranchLocales } from '../branches/locales';
import { workBranch } from '../which-branch';
import { AppError } from '../../http/errors';
import { abilityFor } from '../../../shared/permissions';

/** The test message, in the page's language; it carries no code, so the outbox keeps it whole. */
const TEST_TEXT = {
  en: 'PlayDesk: a test message. Text messages from the centre reach this phone.',
  ar: 'PlayDesk: رسالة تجريبية. رسائل المركز تصل إلى هذا الهاتف.',
} as const;

export function smsProviderRoutes(deps: {
  providers: SmsProviders;
  sms: SmsSender;
  locales: BranchLocales;
  outbox: SmsOutbox;
}) {
  const { providers, sms, locales, outbox } = deps;
  return endpointsPlugin(smsProviderApi, {
    // The provider's settings are for whoever may change them, not for every viewer of Settings.
    'settings/sms': async (_body, ctx) => {
      if (!abilityFor(ctx.user).can('update', 'Settings')) throw new AppError('NOT_AUTHORISED');
      return providers.view();
    },
    'settings/sms/update': (body) => providers.save(body),
    'settings/sms/status': async () => ({ codes: await providers.codesSent() }),
    'sms/outbox': (body, ctx) => outbox.list(ctx, body),
    // Sent and recorded as any message is, and answered whatever the provider said: a refusal is the
    // answer the administrator asked for, not an error.
    'settings/sms/test': async ({ mobile: typed, language }, ctx) => {
      const to = await locales.mobile(workBranch(ctx), typed);
      const delivery = await sms.deliver({
        to,
        body: TEST_TEXT[language],
        purpose: 'test',
        sentBy: ctx.user.id,
        branchId: workBranch(ctx),
        requestId: ctx.requestId,
      });
      if (delivery.status === 'failed')
        return {
          outcome: 'refused',
          http_status: delivery.httpStatus,
          error_code: delivery.errorCode,
          answer: delivery.answer ?? null,
        };
      const outcome = { sent: 'accepted', stored: 'stored', unknown: 'unknown' } as const;
      const errorCode = delivery.status === 'unknown' ? delivery.errorCode : null;
      return { outcome: outcome[delivery.status], http_status: null, error_code: errorCode, answer: null };
    },
  });
}
