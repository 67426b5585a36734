import type { ReactNode } from 'react';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH } from '../../../shared/domain/constants';

/**
 * A new password twice with the spec's rules (PASSWORD_MISSING, PASSWORD_MIN_6_CHARS,
 * PASSWORD_MUST_MATCH), checked here before the server checks them again.
 */
export function PasswordFields({
  testId,
  wrap = (node) => node,
}: {
  testId: string;
  wrap?: (node: ReactNode) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      {wrap(
        <Form.Item
          name="password"
          label={t('login.password')}
          rules={[
            { required: true, message: t('errors:PASSWORD_MISSING') },
            { min: PASSWORD_MIN_LENGTH, message: t('errors:PASSWORD_MIN_6_CHARS') },
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid={`${testId}-password`} />
        </Form.Item>,
      )}
      {wrap(
        <Form.Item
          name="confirm_password"
          label={t('firstRun.confirmPassword')}
          dependencies={['password']}
          rules={[
            { required: true, message: t('errors:PASSWORD_MISSING') },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || getFieldValue('password') === value
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('errors:PASSWORD_MUST_MATCH'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid={`${testId}-confirm`} />
        </Form.Item>,
      )}
    </>
  );
}
