import { useEffect, useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Empty, Form, Input, InputNumber, List, Space, theme } from 'antd';
import {
  CheckCircleOutlined,
  ExclamationCircleOutlined,
  CloudDownloadOutlined,
  FolderOpenOutlined,
  SaveOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DEFAULT_BACKUP_KEEP_DAYS, type BackupAnswer, type BackupStatus } from '../../../shared/domain/backup';
import { api } from '../../api/base';
import { bridge } from '../../bridge';
import { formatDateTime } from '../../components/format/dates';
import { useNotify } from '../../components/hooks/use-notify';
import { Ltr, ltr } from '../../components/ui/ltr';

type Values = { folder: string; keepDays: number };

/** A file's size as people read it (kB under a megabyte), in the page's language. */
function formatSize(bytes: number, language: string): string {
  const mega = bytes >= 1024 * 1024;
  return new Intl.NumberFormat(language === 'ar' ? 'ar-SA-u-nu-latn' : 'en-GB', {
    style: 'unit',
    unit: mega ? 'megabyte' : 'kilobyte',
    maximumFractionDigits: 1,
  }).format(bytes / (mega ? 1024 * 1024 : 1024));
}

/**
 * Settings → Backups: where the station's own database is backed up and for how many days, the last
 * backup (checked or not), *Back up now*, and each backup kept with its *Restore*. A station on the
 * shop's server says whose job that server's backups are.
 */
export function BackupsCard({ mayUpdate }: { mayUpdate: boolean }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const { modal } = App.useApp();
  const { token } = theme.useToken();
  const [form] = Form.useForm<Values>();
  // Asked again every 2 s while a backup runs that this page did not start (the daily one).
  const [poll, setPoll] = useState(0);
  const { data: status } = api.useBackupsQuery(undefined, { pollingInterval: poll });
  useEffect(() => setPoll(status?.running ? 2000 : 0), [status?.running]);
  const { data: info } = api.useAppInfoQuery();
  const [configure, configuring] = api.useBackupsConfigureMutation();
  const [run, running] = api.useBackupsRunMutation();
  const [restore, restoring] = api.useBackupsRestoreMutation();
  useEffect(() => {
    if (status) form.setFieldsValue({ folder: status.folder ?? '', keepDays: status.keepDays });
  }, [form, status]);
  if (!status) return null;
  const reasonText = (reason: string) => t(`backups.errors.${reason}`);
  const told = (answer: { data?: BackupAnswer }, success: string) => {
    if (answer.data?.status === 'done') notify.done(success);
    else notify.why(answer.data ? reasonText(answer.data.reason) : t('backups.errors.BACKUP_FAILED'));
  };
  if (!status.available) {
    return (
      <Card title={t('backups.title')} data-testid="backups-card">
        <Alert type="info" showIcon title={t('backups.remote')} data-testid="backups-remote" />
      </Card>
    );
  }
  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (values) told(await configure({ folder: values.folder.trim(), keepDays: values.keepDays }), t('backups.saved'));
  };
  const choose = async () => {
    const picked = await bridge.invoke('pos:backups-choose-folder', null);
    if (picked.status === 'picked') form.setFieldsValue({ folder: picked.folder });
  };
  const askRestore = (backup: BackupStatus['backups'][number]) =>
    void modal.confirm({
      title: t('backups.restoreTitle'),
      content: t('backups.restoreQuestion', { when: formatDateTime(backup.at, i18n.language) }),
      okText: t('backups.restore'),
      okButtonProps: { danger: true, 'data-testid': 'backups-restore-ok' },
      cancelText: t('actions.cancel'),
      onOk: async () => {
        // On success the station signs out: the sign-in screen follows.
        told(await restore({ name: backup.name }), t('backups.restored'));
      },
    });
  const busy = status.running !== null || running.isLoading || restoring.isLoading;
  const { last, lastError } = status;
  return (
    <Card title={t('backups.title')} data-testid="backups-card">
      <Form form={form} layout="vertical" initialValues={{ keepDays: DEFAULT_BACKUP_KEEP_DAYS }}>
        <Form.Item
          name="folder"
          label={t('backups.folder')}
          extra={
            info?.shell === 'electron'
              ? t('backups.folderHelp')
              : t('backups.folderTyped', { unix: ltr('/media/usb/playdesk'), windows: ltr('D:\\Backups') })
          }
          rules={[{ required: true, whitespace: true, message: t('errors:FIELD_REQUIRED') }]}
        >
          <Input
            dir="ltr"
            // antd's right-to-left class sets the input's direction over its dir: a path reads left to right.
            style={{ direction: 'ltr' }}
            readOnly={info?.shell === 'electron'}
            disabled={!mayUpdate}
            data-testid="backups-folder"
            addonAfter={
              info?.shell === 'electron' ? (
                <Button
                  type="text"
                  size="small"
                  icon={<FolderOpenOutlined />}
                  disabled={!mayUpdate}
                  onClick={() => void choose()}
                >
                  {t('backups.choose')}
                </Button>
              ) : undefined
            }
          />
        </Form.Item>
        <Form.Item name="keepDays" label={t('backups.keepDays')} extra={t('backups.keepHelp')}>
          <InputNumber min={1} max={365} precision={0} dir="ltr" disabled={!mayUpdate} data-testid="backups-keep" />
        </Form.Item>
        <Button
          icon={<SaveOutlined />}
          loading={configuring.isLoading}
          disabled={!mayUpdate}
          onClick={() => void save()}
          data-testid="backups-save"
        >
          {t('actions.save')}
        </Button>
      </Form>
      <Descriptions column={1} size="small" style={{ marginTop: 24, marginBottom: 8 }} data-testid="backups-last">
        <Descriptions.Item label={t('backups.last')}>
          {last ? (
            <Space wrap>
              <span>{formatDateTime(last.at, i18n.language)}</span>
              <span>{formatSize(last.bytes, i18n.language)}</span>
              {/* The words in the text's own colour (a green tag's fails contrast), the mark beside them. */}
              <span data-testid="backups-verified">
                {last.verified ? (
                  <CheckCircleOutlined style={{ color: token.colorSuccess }} />
                ) : (
                  <ExclamationCircleOutlined style={{ color: token.colorWarning }} />
                )}{' '}
                {t(last.verified ? 'backups.verified' : 'backups.notVerified')}
              </span>
            </Space>
          ) : (
            t('backups.never')
          )}
        </Descriptions.Item>
      </Descriptions>
      {lastError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('backups.failedAt', { when: formatDateTime(lastError.at, i18n.language) })}
          description={reasonText(lastError.reason)}
          data-testid="backups-error"
        />
      )}
      {status.listError && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={reasonText(status.listError)}
          data-testid="backups-list-error"
        />
      )}
      <Button
        type="primary"
        icon={<CloudDownloadOutlined />}
        loading={status.running === 'backup' || running.isLoading}
        disabled={!mayUpdate || busy || !status.folder}
        onClick={async () => told(await run(), t('backups.taken'))}
        data-testid="backups-run"
      >
        {status.running === 'backup' || running.isLoading ? t('backups.running') : t('backups.now')}
      </Button>
      <List
        style={{ marginTop: 16 }}
        size="small"
        bordered
        header={t('backups.kept', { days: status.keepDays })}
        dataSource={status.backups}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('backups.empty')} /> }}
        data-testid="backups-list"
        renderItem={(backup) => (
          <List.Item
            data-testid="backups-item"
            actions={[
              <Button
                key="restore"
                size="small"
                danger
                disabled={!mayUpdate || busy}
                onClick={() => askRestore(backup)}
                data-testid="backups-restore"
              >
                {t('backups.restore')}
              </Button>,
            ]}
          >
            <Space wrap>
              <span>{formatDateTime(backup.at, i18n.language)}</span>
              <span>{formatSize(backup.bytes, i18n.language)}</span>
              <Ltr>{backup.name}</Ltr>
            </Space>
          </List.Item>
        )}
      />
    </Card>
  );
}
