import { useEffect, useState } from 'react';
import { Alert, Card, Form, Input, Radio, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SmsProviderView } from '../../../shared/api/sms-provider';
import { isProviderUrl } from '../../../shared/domain/sms-provider';
import { api } from '../../api/base';
import { useSubmit } from '../../components/hooks/use-submit';
import { CardSave, Unsaved } from './card-save';
import { HttpProviderFields, HTTP_DEFAULTS } from './http-provider-fields';
import { SmsTestForm } from './sms-test-form';
import type { ProviderValues } from './provider-values';

const TWILIO_DEFAULTS = { account_sid: '', from: '', base_url: 'https://api.twilio.com' };

function initialValues(view: SmsProviderView): ProviderValues {
  return { kind: 'http', ...TWILIO_DEFAULTS, ...HTTP_DEFAULTS, ...view.provider, secret: '' };
}

/** What is saved of the form: the chosen kind's fields (and the secret, when one was typed). */
function providerOf(v: ProviderValues) {
  const secret = v.secret ? { secret: v.secret } : {};
  if (v.kind === 'twilio')
    return { kind: v.kind, account_sid: v.account_sid, from: v.from, base_url: v.base_url, ...secret };
  const { method, url, body_format, fields, sender, auth, auth_name, accepted, accepted_field, accepted_value } = v;
  const http = { method, url, body_format, fields, sender, auth, auth_name, accepted, accepted_field, accepted_value };
  return { kind: v.kind, ...http, ...secret };
}

/**
 * The chain's SMS provider, for whoever manages Settings: Twilio or any provider with an HTTP API, saved
 * with its own Save like every card of the page (the secret never shown again, only whether one is set),
 * and a test message. When the server's environment names the gateway, it wins: the card says so and
 * reads only.
 */
export function SmsProviderCard({ unsaved, onUnsaved }: { unsaved: boolean; onUnsaved: (unsaved: boolean) => void }) {
  const { t } = useTranslation();
  const { data: view } = api.useSmsProviderGetQuery();
  if (!view) return null;
  return (
    <Card title={t('smsProvider.title')} extra={unsaved && <Unsaved />} data-testid="sms-provider-card">
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <SourceNotice view={view} />
        {/* Keyed by what is stored, so a save (or another station's) shows the stored values. */}
        <ProviderForm key={JSON.stringify(view.provider)} view={view} onUnsaved={onUnsaved} />
        <SmsTestForm />
      </Space>
    </Card>
  );
}

function SourceNotice({ view }: { view: SmsProviderView }) {
  const { t } = useTranslation();
  if (view.source === 'environment')
    return (
      <Alert
        type="info"
        showIcon
        title={t('smsProvider.fromEnvironment', { gateway: view.environment_gateway })}
        data-testid="sms-provider-source"
      />
    );
  if (view.source === 'none')
    return <Alert type="warning" showIcon title={t('smsProvider.none')} data-testid="sms-provider-source" />;
  return <Alert type="success" showIcon title={t('smsProvider.inUse')} data-testid="sms-provider-source" />;
}

function ProviderForm({ view, onUnsaved }: { view: SmsProviderView; onUnsaved: (unsaved: boolean) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ProviderValues>();
  const [changed, setChanged] = useState(false);
  // The tag comes back from the page, so it shows once the page asks before being left.
  useEffect(() => onUnsaved(changed), [changed, onUnsaved]);
  const stored = JSON.stringify(providerOf(initialValues(view)));
  const kind = Form.useWatch('kind', form) ?? view.provider?.kind ?? 'http';
  const [save, { isLoading }] = api.useSmsProviderSaveMutation();
  const submit = useSubmit();
  const readOnly = view.source === 'environment';
  const secretSet = view.provider?.secret_set === true;
  const urlRule = { validator: async (_: unknown, v: string) => (isProviderUrl(v) ? undefined : Promise.reject()) };
  return (
    <Form<ProviderValues>
      form={form}
      layout="vertical"
      disabled={readOnly}
      initialValues={initialValues(view)}
      onValuesChange={() => setChanged(JSON.stringify(providerOf(form.getFieldsValue(true))) !== stored)}
      data-testid="sms-provider-form"
    >
      <Form.Item name="kind" label={t('smsProvider.kind')}>
        <Radio.Group
          optionType="button"
          options={[
            { value: 'twilio', label: 'Twilio' },
            { value: 'http', label: t('smsProvider.http') },
          ]}
          data-testid="sms-provider-kind"
        />
      </Form.Item>
      {kind === 'twilio' ? (
        <>
          <Form.Item
            name="account_sid"
            label={t('smsProvider.accountSid')}
            rules={[{ required: true, message: t('errors:FIELD_REQUIRED') }]}
          >
            <Input dir="ltr" />
          </Form.Item>
          <Form.Item
            name="from"
            label={t('smsProvider.from')}
            rules={[{ required: true, message: t('errors:FIELD_REQUIRED') }]}
          >
            <Input dir="ltr" />
          </Form.Item>
          <Form.Item
            name="base_url"
            label={t('smsProvider.apiAddress')}
            rules={[{ ...urlRule, message: t('errors:FIELD_INSECURE_URL') }]}
          >
            <Input dir="ltr" />
          </Form.Item>
        </>
      ) : (
        <HttpProviderFields form={form} urlRule={{ ...urlRule, message: t('errors:FIELD_INSECURE_URL') }} />
      )}
      <Form.Item
        name="secret"
        label={t(kind === 'twilio' ? 'smsProvider.authToken' : 'smsProvider.secret')}
        extra={secretSet ? t('smsProvider.secretKept') : t('smsProvider.secretHelp')}
      >
        <Input.Password
          dir="ltr"
          autoComplete="new-password"
          placeholder={secretSet ? t('smsProvider.secretSet') : undefined}
          data-testid="sms-provider-secret"
        />
      </Form.Item>
      <CardSave
        busy={isLoading}
        disabled={readOnly}
        onSave={async () => {
          const values = await form.validateFields();
          await submit(save(providerOf({ ...form.getFieldsValue(true), ...values })), { form });
        }}
        testId="sms-provider-save"
      />
    </Form>
  );
}
