import { Button, Form, Input, Radio, Space, type FormInstance } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { knownPlaceholdersOnly } from '../../../shared/domain/sms-provider';
import type { ProviderValues } from './provider-values';

/** A new generic provider: a JSON POST with the number and the text, the key in a header, any 2xx accepted. */
export const HTTP_DEFAULTS = {
  method: 'POST',
  url: '',
  body_format: 'json',
  fields: [
    { name: 'to', value: '{to}' },
    { name: 'message', value: '{body}' },
  ],
  sender: '',
  auth: 'header',
  auth_name: 'Authorization',
  accepted: 'status',
  accepted_field: '',
  accepted_value: '',
} as const satisfies Partial<ProviderValues>;

/**
 * Any provider with an HTTP API (Unifonic, Msegat, Taqnyat…), described as its documentation gives it:
 * where to send, the fields with `{to}` `{body}` `{sender}` `{secret}`, where the secret goes, and which
 * answer means the message was taken.
 */
export function HttpProviderFields({
  form,
  urlRule,
}: {
  form: FormInstance<ProviderValues>;
  urlRule: { validator: (rule: unknown, value: string) => Promise<void>; message: string };
}) {
  const { t } = useTranslation();
  const method = Form.useWatch('method', form);
  const auth = Form.useWatch('auth', form);
  const accepted = Form.useWatch('accepted', form);
  const required = { required: true, message: t('errors:FIELD_REQUIRED') };
  const placeholders = {
    validator: async (_: unknown, v: string) => (knownPlaceholdersOnly(v ?? '') ? undefined : Promise.reject()),
    message: t('smsProvider.unknownPlaceholder'),
  };
  return (
    <>
      <Space wrap align="start">
        <Form.Item name="method" label={t('smsProvider.method')}>
          <Radio.Group optionType="button" options={['GET', 'POST']} data-testid="sms-provider-method" />
        </Form.Item>
        {method === 'POST' && (
          <Form.Item name="body_format" label={t('smsProvider.bodyFormat')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'form', label: t('smsProvider.form') },
                { value: 'json', label: 'JSON' },
              ]}
              data-testid="sms-provider-body"
            />
          </Form.Item>
        )}
      </Space>
      <Form.Item name="url" label={t('smsProvider.url')} rules={[required, urlRule]} extra={t('smsProvider.urlHelp')}>
        <Input dir="ltr" placeholder="https://" data-testid="sms-provider-url" />
      </Form.Item>
      <Form.Item label={t('smsProvider.fields')} extra={t('smsProvider.fieldsHelp')} required>
        <Form.List name="fields">
          {(rows, { add, remove }) => (
            <Space orientation="vertical" style={{ width: '100%' }}>
              {rows.map((row, index) => (
                <Space.Compact key={row.key} style={{ width: '100%' }}>
                  <Form.Item name={[row.name, 'name']} rules={[required]} noStyle>
                    <Input
                      dir="ltr"
                      style={{ width: '35%' }}
                      aria-label={t('smsProvider.fieldName', { n: index + 1 })}
                      data-testid={`sms-field-name-${index}`}
                    />
                  </Form.Item>
                  <Form.Item name={[row.name, 'value']} rules={[placeholders]} noStyle>
                    <Input
                      dir="ltr"
                      aria-label={t('smsProvider.fieldValue', { n: index + 1 })}
                      data-testid={`sms-field-value-${index}`}
                    />
                  </Form.Item>
                  <Button
                    icon={<DeleteOutlined />}
                    aria-label={t('smsProvider.removeField', { n: index + 1 })}
                    disabled={rows.length === 1}
                    onClick={() => remove(row.name)}
                  />
                </Space.Compact>
              ))}
              <Button icon={<PlusOutlined />} onClick={() => add({ name: '', value: '' })} data-testid="sms-field-add">
                {t('smsProvider.addField')}
              </Button>
            </Space>
          )}
        </Form.List>
      </Form.Item>
      <Form.Item name="sender" label={t('smsProvider.sender')} extra={t('smsProvider.senderHelp')}>
        <Input dir="ltr" data-testid="sms-provider-sender" />
      </Form.Item>
      <Form.Item name="auth" label={t('smsProvider.auth')}>
        <Radio.Group
          optionType="button"
          options={[
            { value: 'none', label: t('smsProvider.authNone') },
            { value: 'header', label: t('smsProvider.authHeader') },
            { value: 'basic', label: t('smsProvider.authBasic') },
          ]}
          data-testid="sms-provider-auth"
        />
      </Form.Item>
      {auth !== 'none' && (
        <Form.Item
          name="auth_name"
          label={t(auth === 'basic' ? 'smsProvider.userName' : 'smsProvider.headerName')}
          rules={[required]}
        >
          <Input dir="ltr" data-testid="sms-provider-auth-name" />
        </Form.Item>
      )}
      <Form.Item name="accepted" label={t('smsProvider.accepted')}>
        <Radio.Group
          options={[
            { value: 'status', label: t('smsProvider.acceptedStatus') },
            { value: 'json', label: t('smsProvider.acceptedJson') },
            { value: 'text', label: t('smsProvider.acceptedText') },
          ]}
          data-testid="sms-provider-accepted"
        />
      </Form.Item>
      <Space wrap align="start">
        {accepted === 'json' && (
          <Form.Item name="accepted_field" label={t('smsProvider.acceptedField')} rules={[required]}>
            <Input dir="ltr" placeholder="status" />
          </Form.Item>
        )}
        {accepted !== 'status' && (
          <Form.Item
            name="accepted_value"
            label={t(accepted === 'json' ? 'smsProvider.acceptedValue' : 'smsProvider.acceptedContains')}
            rules={[required]}
          >
            <Input dir="ltr" />
          </Form.Item>
        )}
      </Space>
    </>
  );
}
