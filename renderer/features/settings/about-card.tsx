import { Button, Card, Descriptions, Progress } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { UpdateStatus } from '../../../shared/ipc';
import { api } from '../../api/base';

const OFF_TEXT = {
  'no-feed': 'about.off.noFeed',
  'insecure-feed': 'about.off.insecureFeed',
  'unsigned-build': 'about.off.unsignedBuild',
  'not-desktop': 'about.off.notDesktop',
} as const satisfies Record<Extract<UpdateStatus, { state: 'off' }>['reason'], string>;

function statusText(t: TFunction, status: UpdateStatus): string {
  switch (status.state) {
    case 'off':
      return t(OFF_TEXT[status.reason]);
    case 'downloading':
      return t('about.downloading', { version: status.version });
    case 'ready':
      return t('about.ready', { version: status.version });
    default:
      return t(`about.${status.state}`);
  }
}

/**
 * Settings → About: this station's version and its server's (the one to quote to support), and where
 * the station's update stands: found and downloaded in the background, installed when PlayDesk closes.
 */
export function AboutCard() {
  const { t } = useTranslation();
  const { data: info } = api.useAppInfoQuery();
  const { data: server, isError: serverUnreachable } = api.useHealthQuery();
  const { data: status } = api.useUpdateStatusQuery();
  const [check, { isLoading: asking }] = api.useUpdateCheckMutation();
  const version = (text: string | undefined) => <bdi dir="ltr">{text ?? '…'}</bdi>;
  return (
    <Card title={t('about.title')} data-testid="about-card">
      <Descriptions
        column={1}
        size="small"
        items={[
          {
            key: 'station',
            label: t('about.station'),
            children: <span data-testid="about-station">{version(info?.version)}</span>,
          },
          {
            key: 'server',
            label: t('about.server'),
            children: (
              <span data-testid="about-server">
                {serverUnreachable ? t('about.serverUnreachable') : version(server?.version)}
              </span>
            ),
          },
          {
            key: 'updates',
            label: t('about.updates'),
            children: (
              <div style={{ width: '100%' }}>
                <span data-testid="about-update">{status ? statusText(t, status) : '…'}</span>
                {status?.state === 'downloading' && (
                  // How far, as a bar and its figure: beside the version in the sentence, Arabic would run the two numbers together.
                  <Progress
                    percent={Math.floor(status.percent)}
                    size="small"
                    aria-label={t('about.updates')}
                    data-testid="about-progress"
                  />
                )}
              </div>
            ),
          },
        ]}
      />
      <Button
        icon={<SyncOutlined />}
        loading={asking || status?.state === 'checking'}
        disabled={!status || status.state === 'off' || status.state === 'downloading' || status.state === 'ready'}
        onClick={() => void check()}
        style={{ marginTop: 16 }}
        data-testid="update-check"
      >
        {t('about.check')}
      </Button>
    </Card>
  );
}
