import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiFailure } from '../../../shared/api/envelope';
import type { Answer } from '../../api/base';
import { useNotify } from './use-notify';
import { showFieldErrors } from '../ui/field-errors';

/** A command's result, or a read's asked for by hand (a lazy query's, whose data keeps the message). */
type Outcome<T> = { data?: Answer<T>; error?: unknown };

/**
 * Runs a create, edit or delete and tells the user how it went: the key the server answered as a toast
 * (or `text`, what the page has translated with the details of what was done), field errors on their
 * fields. Resolves to the data, or null when it failed.
 */
export function useSubmit() {
  const { t } = useTranslation();
  const notify = useNotify();
  return async <T>(
    run: PromiseLike<Outcome<T>>,
    opts: { form?: FormInstance; text?: string } = {},
  ): Promise<T | null> => {
    const outcome = await run;
    if (outcome.error !== undefined || outcome.data === undefined) {
      const failure = (outcome.error ?? {}) as Partial<ApiFailure>;
      // Spec 8: the supervisor token was refused; the station dropped it and the room screen asks for a code.
      if (failure.supervisor) return null;
      notify.error(failure.message);
      if (opts.form)
        showFieldErrors(opts.form, t, failure.errors, Object.keys(opts.form.getFieldsValue(true) as object));
      return null;
    }
    // A text message the SMS service did not confirm may still arrive: said as a warning, not as done.
    const { data, message } = outcome.data;
    if (isUnconfirmedSms(data)) notify.warning('SMS_MAY_ARRIVE');
    else if (opts.text !== undefined) notify.done(opts.text);
    else notify.success(message);
    return data;
  };
}

const isUnconfirmedSms = (data: unknown) =>
  typeof data === 'object' && data !== null && 'delivery' in data && data.delivery === 'unknown';
