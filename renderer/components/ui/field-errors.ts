import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import type { FieldError } from '../../../shared/api/envelope';
import { messageText } from '../../i18n/message';

/** Puts the server's field errors, translated, on the form fields they name. */
export function showFieldErrors(
  form: FormInstance,
  t: TFunction,
  errors: readonly FieldError[] | undefined,
  fields: readonly string[],
): void {
  form.setFields(
    (errors ?? [])
      .filter((e) => fields.includes(e.path))
      .map((e) => ({ name: e.path, errors: [messageText(t, e.message)] })),
  );
}
