import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiFailure } from '../../shared/api/envelope';
import type { MessageKey } from '../../shared/api/keys';

/** The toast after success: a message key, or a text the page has translated with the details of what was done. */
type Success = MessageKey | { text: string };
import { useNotify } from './useNotify';
import { showFieldErrors } from './fieldErrors';

type Outcome<T> = { data: T } | { error: unknown };

/**
 * Runs a create, edit or delete and tells the user how it went: the translated result as a toast,
 * field errors on their fields. Resolves to the data, or null when it failed.
 */
export function useSubmit() {
  const { t } = useTranslation();
  const notify = useNotify();
  return async <T>(
    run: Promise<Outcome<T>>,
    opts: { form?: FormInstance; success?: Success } = {},
  ): Promise<T | null> => {
    const outcome = await run;
    if ('error' in outcome) {
      const failure = outcome.error as Partial<ApiFailure>;
      // Spec 8: the supervisor token was refused; the station dropped it and the room screen asks for a code.
      if (failure.supervisor) return null;
      notify.error(failure.message);
      if (opts.form)
        showFieldErrors(opts.form, t, failure.errors, Object.keys(opts.form.getFieldsValue(true) as object));
      return null;
    }
    // A text message the SMS service did not confirm may still arrive: said as a warning, not as done.
    if (isUnconfirmedSms(outcome.data)) notify.warning('SMS_MAY_ARRIVE');
    else if (typeof opts.success === 'object') notify.done(opts.success.text);
    else notify.success(opts.success ?? 'OK');
    return outcome.data;
  };
}

const isUnconfirmedSms = (data: unknown) =>
  typeof data === 'object' && data !== null && 'delivery' in data && data.delivery === 'unknown';
