import { useEffect, useState } from 'react';
import { Alert, Button, Card, Form, Input, Radio, Select, Space, Spin, Switch, Typography } from 'antd';
import { PrinterOutlined, SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { BAUD_RATES } from '../../../shared/domain/printer-address';
import { receiptSeconds } from '../../../shared/domain/serial-time';
import type { AppInfo, PrinterSettings, Settings, SystemPrinters } from '../../../shared/ipc';
import { bridge } from '../../bridge';
import { PageTitle } from '../../components/PageTitle';
import { useNotify } from '../../components/useNotify';
import { addressOf, CONNECTION_FIELD, connectionOf, type ConnectionValues } from './printer-connection';
import { ServerCard, serverOf, type ServerValues } from './ServerCard';
import { StationCard } from './StationCard';
import { IdleCard } from './IdleCard';
import { SmsProviderCard } from './sms/SmsProviderCard';
import { useAbility } from '../../app/ability';

type Values = ConnectionValues &
  ServerValues & {
    paper: 80 | 58;
    autoPrint: boolean;
    drawer: boolean;
    invoicePrinter: string;
    stationBranchId?: number;
  };

/**
 * The bytes of a receipt job on `paper`, as the station makes it (its last receipt on that paper, else
 * its test print), asked again after a test print; null until known.
 */
function useReceiptBytes(paper: 80 | 58 | undefined, busy: unknown): number | null {
  const [bytes, setBytes] = useState<number | null>(null);
  useEffect(() => {
    if (!paper || busy) return;
    let live = true;
    void bridge.invoke('pos:receipt-bytes', { paper }).then((answer) => live && setBytes(answer.bytes));
    return () => {
      live = false;
    };
  }, [paper, busy]);
  return bytes;
}

/** The invoice printer select's "ask each time" choice (a Select cannot hold null). */
const ASK = '';

/**
 * This station's printers: the receipt printer (network, Windows share or serial port), checked with
 * a test print, and the system printer A4 invoices go to; and its server (chosen here in the desktop
 * app, shown and tested in browser mode, which is given its server when started).
 */
export function SettingsPage() {
  const { t } = useTranslation();
  const notify = useNotify();
  const ability = useAbility();
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form);
  const baudRate = Form.useWatch('baudRate', form);
  const paper = Form.useWatch('paper', form);
  const [settings, setSettings] = useState<Settings | null>(null);
  const [systemPrinters, setSystemPrinters] = useState<SystemPrinters | null>(null);
  const [info, setInfo] = useState<AppInfo | null>(null);
  const [busy, setBusy] = useState<'save' | 'test' | null>(null);
  const jobBytes = useReceiptBytes(paper, busy);
  useEffect(() => {
    void bridge.invoke('pos:settings-get', null).then(setSettings);
    void bridge.invoke('pos:app-info', null).then(setInfo);
    void bridge
      .invoke('pos:printers-list', null)
      .catch((): SystemPrinters => ({ status: 'unsupported' }))
      .then(setSystemPrinters);
  }, []);
  if (!settings || !systemPrinters || !info) return <Spin />;
  // The station refuses anyone else's save or test print too; the page says so before they try.
  const mayUpdate = ability.can('update', 'Settings');

  const printerOf = (values: Values): PrinterSettings | null => {
    const address = addressOf(values);
    const field = CONNECTION_FIELD[values.kind];
    form.setFields([{ name: field, errors: address === 'invalid' ? [t('errors:FIELD_INVALID')] : [] }]);
    if (address === 'invalid') return null;
    return { address, paper: values.paper, autoPrint: values.autoPrint, drawer: values.drawer };
  };
  const save = async () => {
    const values = await form.validateFields();
    const printer = printerOf(values);
    if (!printer) return;
    setBusy('save');
    // Browser mode is given its server when started; only the desktop app chooses it here.
    const server = info.shell === 'electron' ? serverOf(values) : {};
    const saved = await bridge.invoke('pos:settings-set', {
      ...settings,
      ...server,
      printer,
      invoicePrinter: values.invoicePrinter || null,
      stationBranchId: values.stationBranchId ?? null,
    });
    setBusy(null);
    if (!saved.status) {
      notify.error(saved.message);
      return;
    }
    setSettings(saved.data);
    notify.success('OK');
  };
  const test = async () => {
    const values = await form.validateFields();
    const printer = printerOf(values);
    if (!printer) return;
    setBusy('test');
    const outcome = await bridge.invoke('pos:print-test', printer);
    setBusy(null);
    if (outcome.status === 'printed') notify.success('PRINTED');
    else notify.error(outcome.status === 'failed' ? outcome.message : undefined);
    const problem = {
      unreachable: 'print.unreachable',
      'not-configured': 'print.notConfigured',
      'no-paper': 'print.noPaper',
    } as const;
    if (outcome.status in problem)
      form.setFields([
        { name: CONNECTION_FIELD[values.kind], errors: [t(problem[outcome.status as keyof typeof problem])] },
      ]);
  };

  return (
    <div data-testid="settings-page">
      <PageTitle title={t('features.Settings')} />
      {ability.can('update', 'Settings') && (
        <div style={{ maxWidth: 640, marginBottom: 24 }}>
          <IdleCard />
        </div>
      )}
      {ability.can('update', 'Settings') && (
        <div style={{ maxWidth: 640, marginBottom: 24 }}>
          <SmsProviderCard />
        </div>
      )}
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{
          ...connectionOf(settings.printer.address),
          paper: settings.printer.paper,
          autoPrint: settings.printer.autoPrint,
          drawer: settings.printer.drawer,
          invoicePrinter: settings.invoicePrinter ?? ASK,
          serverMode: settings.serverMode,
          serverUrl: settings.serverUrl ?? '',
          stationBranchId: settings.stationBranchId ?? undefined,
        }}
        data-testid="printer-form"
      >
        <Space orientation="vertical" size="large" style={{ maxWidth: 640, width: '100%' }}>
          <StationCard />
          <ServerCard info={info} />
          <Card title={t('print.settingsTitle')}>
            <Form.Item name="kind" label={t('print.connection')}>
              <Radio.Group
                optionType="button"
                options={[
                  { value: 'network', label: t('print.network') },
                  { value: 'shared', label: t('print.shared') },
                  { value: 'serial', label: t('print.serial') },
                ]}
                data-testid="printer-kind"
              />
            </Form.Item>
            {/* Every way's field stays mounted, so switching back keeps what was typed. */}
            <Form.Item
              name="network"
              label={t('print.address')}
              extra={t('print.addressHelp')}
              hidden={kind !== 'network'}
            >
              <Input dir="ltr" placeholder="192.168.1.50:9100" data-testid="printer-address" />
            </Form.Item>
            <Form.Item
              name="share"
              label={t('print.shareName')}
              extra={t('print.shareHelp')}
              hidden={kind !== 'shared'}
            >
              <Input dir="ltr" placeholder="POS80" data-testid="printer-share" />
            </Form.Item>
            <Space align="start" wrap style={{ display: kind === 'serial' ? undefined : 'none' }}>
              <Form.Item name="serialPort" label={t('print.serialPort')} extra={t('print.serialHelp')}>
                <Input dir="ltr" placeholder="COM3" style={{ width: 200 }} data-testid="printer-serial" />
              </Form.Item>
              <Form.Item name="baudRate" label={t('print.baudRate')}>
                <Select
                  style={{ width: 140 }}
                  options={BAUD_RATES.map((rate) => ({ value: rate, label: String(rate) }))}
                  data-testid="printer-baud"
                />
              </Form.Item>
            </Space>
            {/* A receipt is a picture: at the slow speeds it takes many seconds to cross the line. */}
            {kind === 'serial' && baudRate && jobBytes && (
              <Typography.Paragraph type="secondary" data-testid="printer-receipt-time">
                {t('print.receiptTime', { count: receiptSeconds(jobBytes, baudRate), baud: baudRate })}
              </Typography.Paragraph>
            )}
            <Form.Item name="paper" label={t('print.paper')}>
              <Radio.Group
                // Each size its own isolated run: in Arabic "80 mm" would read "mm 80".
                options={[80, 58].map((size) => ({ value: size, label: <bdi>{t('print.paperSize', { size })}</bdi> }))}
                data-testid="printer-paper"
              />
            </Form.Item>
            <Form.Item name="autoPrint" label={t('print.autoPrint')} valuePropName="checked">
              <Switch data-testid="printer-auto" />
            </Form.Item>
            <Form.Item name="drawer" label={t('print.drawer')} valuePropName="checked">
              <Switch data-testid="printer-drawer" />
            </Form.Item>
            <Button
              icon={<PrinterOutlined />}
              loading={busy === 'test'}
              disabled={!mayUpdate}
              onClick={() => void test()}
              data-testid="printer-test"
            >
              {t('print.test')}
            </Button>
          </Card>
          <Card title={t('print.invoicePrinter')}>
            {systemPrinters.status === 'listed' ? (
              <Form.Item
                name="invoicePrinter"
                label={t('print.invoicePrinterLabel')}
                extra={t('print.invoicePrinterHelp')}
              >
                <Select
                  data-testid="invoice-printer"
                  options={[
                    { value: ASK, label: t('print.askEachTime') },
                    ...systemPrinters.printers.map((p) => ({ value: p.name, label: p.displayName })),
                  ]}
                />
              </Form.Item>
            ) : (
              <Alert type="info" showIcon title={t('print.a4Help')} data-testid="invoice-printer-browser" />
            )}
          </Card>
          <Space wrap>
            <Button
              type="primary"
              icon={<SaveOutlined />}
              loading={busy === 'save'}
              disabled={!mayUpdate}
              onClick={() => void save()}
              data-testid="printer-save"
            >
              {t('print.save')}
            </Button>
            {!mayUpdate && <Typography.Text type="secondary">{t('station.updateOnly')}</Typography.Text>}
          </Space>
        </Space>
      </Form>
    </div>
  );
}
