import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FirstAdministratorRequest } from '../../../shared/api/setup';
import type { ApiFailure } from '../../../shared/api/envelope';
import { api } from '../../api/base';
import { useNotify } from '../../components/hooks/use-notify';
import { showFieldErrors } from '../../components/ui/field-errors';
import { PasswordFields } from '../../components/ui/password-fields';
import { LoginHeading } from './login-text';

const FIELDS = ['name_en', 'name_ar', 'login', 'password', 'confirm_password', 'setup_token'] as const;

/**
 * A new installation has nobody to sign in as: the owner creates the first administrator here. A station
 * on another computer than the server's also gives the setup token the server printed when it started.
 */
export function FirstRunForm({
  needsSetupToken,
  onCreated,
}: {
  needsSetupToken: boolean;
  onCreated: (login: string, password: string) => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [form] = Form.useForm<FirstAdministratorRequest>();
  const [create, { isLoading }] = api.useFirstAdministratorMutation();
  const required = { required: true, whitespace: true, message: t('errors:FIELD_REQUIRED') };

  const submit = async (values: FirstAdministratorRequest) => {
    const result = await create(values);
    if ('error' in result) {
      const failure = result.error as ApiFailure;
      notify.error(failure.message);
      showFieldErrors(form, t, failure.errors, FIELDS);
      return;
    }
    onCreated(values.login, values.password);
  };

  return (
    <>
      <LoginHeading level={2}>{t('firstRun.title')}</LoginHeading>
      <Alert type="info" showIcon title={t('firstRun.intro')} style={{ marginBottom: 16 }} />
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        data-testid="first-run-form"
        onFinish={(v) => void submit(v)}
        disabled={isLoading}
      >
        <Form.Item name="name_en" label={t('firstRun.nameEn')} rules={[required]}>
          <Input autoFocus dir="ltr" data-testid="first-run-name-en" />
        </Form.Item>
        <Form.Item name="name_ar" label={t('firstRun.nameAr')} rules={[required]}>
          <Input dir="rtl" data-testid="first-run-name-ar" />
        </Form.Item>
        <Form.Item name="login" label={t('login.login')} rules={[required]}>
          <Input
            dir="auto"
            autoComplete="username"
            placeholder={t('login.loginPlaceholder')}
            data-testid="first-run-login"
          />
        </Form.Item>
        <PasswordFields testId="first-run" />
        {needsSetupToken && (
          <Form.Item
            name="setup_token"
            label={t('firstRun.setupToken')}
            extra={t('firstRun.setupTokenHelp')}
            rules={[required]}
          >
            <Input.Password dir="ltr" autoComplete="off" data-testid="first-run-setup-token" />
          </Form.Item>
        )}
        <Button type="primary" size="large" htmlType="submit" block loading={isLoading} data-testid="first-run-submit">
          {t('firstRun.submit')}
        </Button>
      </Form>
    </>
  );
}
