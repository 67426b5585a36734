import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Form, Input, Radio, Space, Typography } from 'antd';
import { ApiOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isSafeServerUrl } from '../../../shared/domain/server-address';
import type { AppInfo, ServerProbe, Settings } from '../../../shared/ipc';
import { bridge } from '../../bridge';
import { Unsaved } from './card-save';

export type ServerValues = { serverMode: Settings['serverMode']; serverUrl: string };

/**
 * Which server this station talks to. The desktop app chooses it here; browser mode is given it when
 * started (`npm run web -- --server-url`), so it only shows and tests it. Its rule is the main process's
 * own (`isSafeServerUrl`), so the cashier reads why an address is refused instead of a save that silently fails.
 */
export function ServerCard({ info, unsaved, save }: { info: AppInfo; unsaved: boolean; save: ReactNode }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<ServerValues>();
  const mode = Form.useWatch<ServerValues['serverMode']>('serverMode');
  const desktop = info.shell === 'electron';
  const [probe, setProbe] = useState<ServerProbe | null>(null);
  const [testing, setTesting] = useState(false);
  const check = async (_: unknown, value: string | undefined) => {
    if (mode !== 'remote') return;
    if (!value?.trim()) throw new Error(t('errors:FIELD_REQUIRED'));
    if (!URL.canParse(value.trim())) throw new Error(t('errors:FIELD_INVALID'));
    if (!isSafeServerUrl(value.trim())) throw new Error(t('errors:FIELD_INSECURE_URL'));
  };
  /** The address typed for a remote server, else the server in use now. */
  const test = async () => {
    let url = info.serverUrl;
    if (desktop && mode === 'remote') {
      const values = await form.validateFields(['serverUrl']).catch(() => null);
      if (!values) return;
      url = values.serverUrl.trim();
    }
    setTesting(true);
    setProbe(null);
    setProbe(await bridge.invoke('pos:server-test', { url }).catch((): ServerProbe => ({ status: 'unreachable' })));
    setTesting(false);
  };
  return (
    <Card title={t('server.title')} extra={unsaved && <Unsaved />} data-testid="server-card">
      <Typography.Paragraph data-testid="server-in-use">
        {t('server.inUse')} <bdi dir="ltr">{info.serverUrl}</bdi>
      </Typography.Paragraph>
      {desktop ? (
        <>
          <Form.Item name="serverMode" label={t('server.mode')}>
            <Radio.Group
              options={[
                { value: 'embedded', label: t('server.embedded') },
                { value: 'remote', label: t('server.remote') },
              ]}
              data-testid="server-mode"
            />
          </Form.Item>
          <Form.Item
            name="serverUrl"
            label={t('server.url')}
            extra={t('server.urlHelp')}
            hidden={mode !== 'remote'}
            rules={[{ validator: check }]}
            dependencies={['serverMode']}
          >
            <Input
              dir="ltr"
              placeholder="https://server-host:4100"
              data-testid="server-url"
              onChange={() => setProbe(null)}
            />
          </Form.Item>
        </>
      ) : (
        <Typography.Paragraph type="secondary" data-testid="server-web-help">
          {t('server.webHelp')}
        </Typography.Paragraph>
      )}
      {/* Browser mode is given its server when started: only the desktop app saves one here. */}
      <Space wrap>
        {desktop && save}
        <Button icon={<ApiOutlined />} loading={testing} onClick={() => void test()} data-testid="server-test">
          {t('server.test')}
        </Button>
      </Space>
      {probe && <ProbeAlert probe={probe} />}
    </Card>
  );
}

/** What Test connection found, in words. */
function ProbeAlert({ probe }: { probe: ServerProbe }) {
  const { t } = useTranslation();
  const title =
    probe.status === 'found'
      ? t(probe.tls ? 'server.probe.foundTls' : 'server.probe.foundPlain', { version: probe.version })
      : probe.status === 'certificate'
        ? t('server.probe.certificate', { reason: probe.reason })
        : t(
            `server.probe.${probe.status === 'not-playdesk' ? 'notPlaydesk' : probe.status === 'no-tls' ? 'noTls' : 'unreachable'}`,
          );
  return (
    <Alert
      style={{ marginTop: 12 }}
      type={probe.status === 'found' ? 'success' : 'error'}
      showIcon
      title={title}
      data-testid="server-probe"
    />
  );
}

/** The form's server fields as settings: an embedded station keeps no address. */
export function serverOf(values: ServerValues): Pick<Settings, 'serverMode' | 'serverUrl'> {
  return values.serverMode === 'remote'
    ? { serverMode: 'remote', serverUrl: values.serverUrl.trim() }
    : { serverMode: 'embedded', serverUrl: null };
}
