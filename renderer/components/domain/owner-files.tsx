import { Button, Space, Table } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { numberLocale } from '../format/numbers';
import { UPLOAD_EXTENSIONS, type MediaFolder, type StoredFile } from '../../../shared/api/files';
import { api } from '../../api/base';
import { useSaveStoredFile } from '../hooks/use-save-stored-file';
import { formatDateTime } from '../format/dates';
import { pickFile } from '../ui/pick-file';
import { useNotify } from '../hooks/use-notify';
import { useSubmit } from '../hooks/use-submit';

/** The files of a kid or an employee: upload (photos and PDFs, chosen on this station) and download. */
export function OwnerFiles({
  folder,
  ownerId,
  canUpload,
}: {
  folder: Extract<MediaFolder, 'kid' | 'emp'>;
  ownerId: number;
  canUpload: boolean;
}) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const { data, isFetching } = api.useFileListQuery({ folder, owner_id: ownerId });
  const [upload, uploading] = api.useFileUploadMutation();
  const [save] = useSaveStoredFile();
  const submit = useSubmit();

  const choose = async () => {
    const picked = await pickFile(UPLOAD_EXTENSIONS);
    if (picked.status === 'too-large') notify.error('FILE_TOO_LARGE');
    if (picked.status !== 'picked') return;
    await submit(upload({ folder, owner_id: ownerId, fileName: picked.fileName, contentBase64: picked.contentBase64 }));
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {canUpload && (
        <Button
          icon={<UploadOutlined />}
          loading={uploading.isLoading}
          onClick={() => void choose()}
          data-testid="file-upload"
        >
          {t('files.upload')}
        </Button>
      )}
      <Table<StoredFile>
        rowKey="fileName"
        size="small"
        loading={isFetching}
        dataSource={data}
        locale={{ emptyText: t('files.empty') }}
        pagination={false}
        columns={[
          { title: t('files.name'), dataIndex: 'fileName', render: (v: string) => <span dir="ltr">{v}</span> },
          {
            title: t('files.size'),
            dataIndex: 'size',
            render: (v: number) =>
              new Intl.NumberFormat(numberLocale(i18n.language), {
                style: 'unit',
                unit: 'kilobyte',
              }).format(Math.max(1, Math.round(v / 1024))),
          },
          {
            title: t('files.uploadedAt'),
            dataIndex: 'uploaded_at',
            render: (v: string) => formatDateTime(v, i18n.language),
          },
          {
            title: t('actions.title'),
            render: (_, f) => (
              <Button
                size="small"
                icon={<DownloadOutlined />}
                onClick={() => void save(f)}
                aria-label={t('files.download')}
              />
            ),
          },
        ]}
      />
    </Space>
  );
}
