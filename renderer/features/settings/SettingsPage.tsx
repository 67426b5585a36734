import { useEffect, useState } from 'react';
import { Alert, Button, Card, Form, Input, Radio, Space, Spin, Switch } from 'antd';
import { PrinterOutlined, SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { printerSettingsSchema, type PrinterSettings, type Settings } from '../../../shared/ipc';
import { bridge } from '../../bridge';
import { PageTitle } from '../../components/PageTitle';
import { useNotify } from '../../components/useNotify';

type Values = { address: string; paper: 80 | 58; autoPrint: boolean; drawer: boolean };

/** This station's settings: its receipt printer (a network printer), checked with a test print. */
export function SettingsPage() {
  const { t } = useTranslation();
  const notify = useNotify();
  const [form] = Form.useForm<Values>();
  const [settings, setSettings] = useState<Settings | null>(null);
  const [busy, setBusy] = useState<'save' | 'test' | null>(null);
  useEffect(() => {
    void bridge.settings.get().then(setSettings);
  }, []);
  if (!settings) return <Spin />;

  const printerOf = (values: Values): PrinterSettings | null => {
    const parsed = printerSettingsSchema.safeParse({ ...values, address: values.address.trim() || null });
    if (!parsed.success) {
      form.setFields([{ name: 'address', errors: [t('errors:FIELD_INVALID')] }]);
      return null;
    }
    form.setFields([{ name: 'address', errors: [] }]);
    return parsed.data;
  };
  const save = async () => {
    const printer = printerOf(await form.validateFields());
    if (!printer) return;
    setBusy('save');
    setSettings(await bridge.settings.set({ ...settings, printer }));
    setBusy(null);
    notify.success('OK');
  };
  const test = async () => {
    const printer = printerOf(await form.validateFields());
    if (!printer) return;
    setBusy('test');
    const outcome = await bridge.printing.test(printer);
    setBusy(null);
    if (outcome.status === 'printed') notify.success('PRINTED');
    else notify.error(outcome.status === 'failed' ? outcome.message : undefined);
    const problem = { unreachable: 'print.unreachable', 'not-configured': 'print.notConfigured', 'no-paper': 'print.noPaper' } as const;
    if (outcome.status in problem) form.setFields([{ name: 'address', errors: [t(problem[outcome.status as keyof typeof problem])] }]);
  };

  return (
    <div data-testid="settings-page">
      <PageTitle title={t('features.Settings')} />
      <Card title={t('print.settingsTitle')} style={{ maxWidth: 640 }}>
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={{ ...settings.printer, address: settings.printer.address ?? '' }}
          data-testid="printer-form"
        >
          <Form.Item name="address" label={t('print.address')} extra={t('print.addressHelp')}>
            <Input dir="ltr" placeholder="tcp://192.168.1.50:9100" data-testid="printer-address" />
          </Form.Item>
          <Form.Item name="paper" label={t('print.paper')}>
            <Radio.Group
              options={[
                { value: 80, label: '80 mm' },
                { value: 58, label: '58 mm' },
              ]}
            />
          </Form.Item>
          <Form.Item name="autoPrint" label={t('print.autoPrint')} valuePropName="checked">
            <Switch data-testid="printer-auto" />
          </Form.Item>
          <Form.Item name="drawer" label={t('print.drawer')} valuePropName="checked">
            <Switch data-testid="printer-drawer" />
          </Form.Item>
          <Space>
            <Button type="primary" icon={<SaveOutlined />} loading={busy === 'save'} onClick={() => void save()} data-testid="printer-save">
              {t('print.save')}
            </Button>
            <Button icon={<PrinterOutlined />} loading={busy === 'test'} onClick={() => void test()} data-testid="printer-test">
              {t('print.test')}
            </Button>
          </Space>
        </Form>
        <Alert type="info" showIcon message={t('print.a4Help')} style={{ marginTop: 16 }} />
      </Card>
    </div>
  );
}
