import { useEffect, useState } from 'react';
import { Alert, Button, Card, Form, Input, Radio, Select, Space, Spin, Switch, Typography } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { BAUD_RATES } from '../../../shared/domain/printer-address';
import { receiptSeconds } from '../../../shared/domain/serial-time';
import type { PrinterSettings, Settings, SystemPrinters } from '../../../shared/ipc';
import type { ApiFailure } from '../../../shared/api/envelope';
import { api } from '../../api/base';
import { bridge } from '../../bridge';
import { PageTitle } from '../../components/ui/page-title';
import { useNotify } from '../../components/hooks/use-notify';
import { addressOf, CONNECTION_FIELD, connectionOf, type ConnectionValues } from './printer-connection';
import { ServerCard, serverOf, type ServerValues } from './server-card';
import { StationCard } from './station-card';
import { IdleCard } from './idle-card';
import { SmsProviderCard } from './sms-provider-card';
import { PromotionCard } from './promotion-card';
import { CardSave, Unsaved } from './card-save';
import { useLeaveGuard } from './use-leave-guard';
import { DiagnosticsCard } from './diagnostics-card';
import { AboutCard } from './about-card';
import { useAbility } from '../../store/ability';
import { BackupsCard } from './backups-card';

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
 * Each card saves its own fields with its own Save, as the idle-lock card saves the chain's idle
 * time: a card's Save never takes another card's half-made changes with it.
 */
const CARDS = {
  station: ['stationBranchId'],
  server: ['serverMode', 'serverUrl'],
  printer: ['kind', 'network', 'share', 'serialPort', 'baudRate', 'paper', 'autoPrint', 'drawer'],
  invoicePrinter: ['invoicePrinter'],
} as const satisfies Record<string, readonly (keyof Values)[]>;
type CardName = keyof typeof CARDS;
const CARD_TITLE = {
  station: 'station.title',
  server: 'server.title',
  printer: 'print.settingsTitle',
  invoicePrinter: 'print.invoicePrinter',
} as const satisfies Record<CardName, string>;

/** The form's fields for the settings saved. */
function valuesOf(settings: Settings): Values {
  return {
    ...connectionOf(settings.printer.address),
    paper: settings.printer.paper,
    autoPrint: settings.printer.autoPrint,
    drawer: settings.printer.drawer,
    invoicePrinter: settings.invoicePrinter ?? ASK,
    serverMode: settings.serverMode,
    serverUrl: settings.serverUrl ?? '',
    stationBranchId: settings.stationBranchId ?? undefined,
  };
}

/** The cards whose fields differ from what is saved (a field the page does not show is never changed). */
function changedCards(settings: Settings, current: Partial<Values> | undefined): CardName[] {
  const saved = valuesOf(settings);
  const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);
  return (Object.keys(CARDS) as CardName[]).filter((card) =>
    CARDS[card].some((field) => current?.[field] !== undefined && !same(current[field], saved[field])),
  );
}

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
  const { data: settings } = api.useStationSettingsQuery();
  const [saveSettings] = api.useStationSettingsSaveMutation();
  const [systemPrinters, setSystemPrinters] = useState<SystemPrinters | null>(null);
  const { data: info } = api.useAppInfoQuery();
  const [busy, setBusy] = useState<CardName | 'test' | null>(null);
  const [idleUnsaved, setIdleUnsaved] = useState(false);
  const [smsUnsaved, setSmsUnsaved] = useState(false);
  const [promotionUnsaved, setPromotionUnsaved] = useState(false);
  const current = Form.useWatch((values: Values) => values, form);
  const changed = settings ? changedCards(settings, current) : [];
  useLeaveGuard(
    [
      ...(idleUnsaved ? [t('idle.title')] : []),
      ...(smsUnsaved ? [t('smsProvider.title')] : []),
      ...(promotionUnsaved ? [t('promotions.settings.title')] : []),
      ...changed.map((card) => t(CARD_TITLE[card])),
    ],
    info?.shell === 'electron',
  );
  const jobBytes = useReceiptBytes(paper, busy);
  useEffect(() => {
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
  /** This card's fields as settings, or null when one is not valid (the field says why). */
  const changesOf = (card: CardName, values: Values): Partial<Settings> | null => {
    switch (card) {
      case 'station':
        return { stationBranchId: values.stationBranchId ?? null };
      case 'server':
        return serverOf(values);
      case 'printer': {
        const printer = printerOf(values);
        return printer && { printer };
      }
      case 'invoicePrinter':
        return { invoicePrinter: values.invoicePrinter || null };
    }
  };
  const save = async (card: CardName) => {
    const values = await form.validateFields([...CARDS[card]]).catch(() => null);
    const changes = values && changesOf(card, { ...valuesOf(settings), ...values });
    if (!changes) return;
    setBusy(card);
    const saved = await saveSettings({ ...settings, ...changes });
    setBusy(null);
    if (saved.data === undefined) {
      notify.error((saved.error as Partial<ApiFailure>).message);
      return;
    }
    const { data: kept, message } = saved.data;
    // The card shows what was kept (an address as the station writes it), and so is no longer changed.
    form.setFieldsValue(Object.fromEntries(CARDS[card].map((field) => [field, valuesOf(kept)[field]])));
    notify.success(message);
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
      {!mayUpdate && (
        <Alert type="info" showIcon title={t('station.updateOnly')} style={{ maxWidth: 640, marginBottom: 24 }} />
      )}
      {mayUpdate && (
        <div style={{ maxWidth: 640, marginBottom: 24 }}>
          <IdleCard unsaved={idleUnsaved} onUnsaved={setIdleUnsaved} />
        </div>
      )}
      {ability.can('update', 'Settings') && (
        <div style={{ maxWidth: 640, marginBottom: 24 }}>
          <SmsProviderCard unsaved={smsUnsaved} onUnsaved={setSmsUnsaved} />
        </div>
      )}
      {mayUpdate && ability.can('view', 'Promotions') && (
        <div style={{ maxWidth: 640, marginBottom: 24 }}>
          <PromotionCard unsaved={promotionUnsaved} onUnsaved={setPromotionUnsaved} />
        </div>
      )}
      <Form<Values> form={form} layout="vertical" initialValues={valuesOf(settings)} data-testid="printer-form">
        <Space orientation="vertical" size="large" style={{ maxWidth: 640, width: '100%' }}>
          <StationCard
            unsaved={changed.includes('station')}
            save={
              <CardSave
                busy={busy === 'station'}
                disabled={!mayUpdate}
                onSave={() => void save('station')}
                testId="station-save"
              />
            }
          />
          <ServerCard
            info={info}
            unsaved={changed.includes('server')}
            save={
              <CardSave
                busy={busy === 'server'}
                disabled={!mayUpdate}
                onSave={() => void save('server')}
                testId="server-save"
              />
            }
          />
          <Card title={t('print.settingsTitle')} extra={changed.includes('printer') && <Unsaved />}>
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
            <Space wrap>
              <CardSave
                busy={busy === 'printer'}
                disabled={!mayUpdate}
                onSave={() => void save('printer')}
                testId="printer-save"
              />
              <Button
                icon={<PrinterOutlined />}
                loading={busy === 'test'}
                disabled={!mayUpdate}
                onClick={() => void test()}
                data-testid="printer-test"
              >
                {t('print.test')}
              </Button>
            </Space>
          </Card>
          <Card title={t('print.invoicePrinter')} extra={changed.includes('invoicePrinter') && <Unsaved />}>
            {systemPrinters.status === 'listed' ? (
              <>
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
                <CardSave
                  busy={busy === 'invoicePrinter'}
                  disabled={!mayUpdate}
                  onSave={() => void save('invoicePrinter')}
                  testId="invoice-printer-save"
                />
              </>
            ) : (
              <Alert type="info" showIcon title={t('print.a4Help')} data-testid="invoice-printer-browser" />
            )}
          </Card>
          <DiagnosticsCard />
        </Space>
      </Form>
      <div style={{ maxWidth: 640, marginTop: 24 }}>
        <BackupsCard mayUpdate={mayUpdate} />
        <AboutCard />
      </div>
    </div>
  );
}
