import { Card, Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { isSafeServerUrl } from '../../../shared/domain/server-address';
import type { Settings } from '../../../shared/ipc';

export type ServerValues = { serverMode: Settings['serverMode']; serverUrl: string };

/**
 * Which server this desktop station talks to. Its rule is the main process's own (`isSafeServerUrl`),
 * so the cashier reads why an address is refused instead of a save that silently fails.
 */
export function ServerCard() {
  const { t } = useTranslation();
  const mode = Form.useWatch<ServerValues['serverMode']>('serverMode');
  const check = async (_: unknown, value: string | undefined) => {
    if (mode !== 'remote') return;
    if (!value?.trim()) throw new Error(t('errors:FIELD_REQUIRED'));
    if (!URL.canParse(value.trim())) throw new Error(t('errors:FIELD_INVALID'));
    if (!isSafeServerUrl(value.trim())) throw new Error(t('errors:FIELD_INSECURE_URL'));
  };
  return (
    <Card title={t('server.title')} data-testid="server-card">
      <Form.Item name="serverMode" label={t('server.mode')}>
        <Radio.Group
          options={[
            { value: 'embedded', label: t('server.embedded') },
            { value: 'remote', label: t('server.remote') },
          ]}
          data-testid="server-mode"
        />
      </Form.Item>
      <Form.Item name="serverUrl" label={t('server.url')} extra={t('server.urlHelp')} hidden={mode !== 'remote'} rules={[{ validator: check }]} dependencies={['serverMode']}>
        <Input dir="ltr" placeholder="https://server-host:4100" data-testid="server-url" />
      </Form.Item>
    </Card>
  );
}

/** The form's server fields as settings: an embedded station keeps no address. */
export function serverOf(values: ServerValues): Pick<Settings, 'serverMode' | 'serverUrl'> {
  return values.serverMode === 'remote' ? { serverMode: 'remote', serverUrl: values.serverUrl.trim() } : { serverMode: 'embedded', serverUrl: null };
}
