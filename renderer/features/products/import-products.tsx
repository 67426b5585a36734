import { useState } from 'react';
import { Alert, Button, Space, Table, Tabs } from 'antd';
import { Dialog } from '../../components/ui/dialog';
import { FileExcelOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ImportCheck } from '../../../shared/domain/product-import';
import { bridge } from '../../bridge';
import { api } from '../../api/base';
import { pickFile } from '../../components/ui/pick-file';
import { formatMoney } from '../../components/format/money';
import { messageText } from '../../i18n/message';
import { useNotify } from '../../components/hooks/use-notify';
import { useSubmit } from '../../components/hooks/use-submit';

/** Excel upload: the sheet is read and every row checked in the main process; nothing is saved until confirmed. */
export function ImportProducts() {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const submit = useSubmit();
  const [reading, setReading] = useState(false);
  const [check, setCheck] = useState<ImportCheck | null>(null);
  const [save, saving] = api.useProductImportMutation();

  const choose = async () => {
    const picked = await pickFile(['xlsx']);
    if (picked.status === 'too-large') notify.error('FILE_TOO_LARGE');
    if (picked.status !== 'picked') return;
    setReading(true);
    const result = await bridge
      .invoke('pos:products-sheet', { contentBase64: picked.contentBase64 })
      .finally(() => setReading(false));
    if (result.status === 'checked') setCheck(result.check);
    else notify.error(result.status === 'too-large' ? 'SHEET_TOO_LARGE' : 'FILE_TYPE_NOT_ALLOWED');
  };

  const confirm = async () => {
    if (!check) return;
    if (await submit(save({ rows: check.accepted }))) setCheck(null);
  };

  return (
    <>
      <Button icon={<FileExcelOutlined />} loading={reading} onClick={() => void choose()} data-testid="product-import">
        {t('import.button')}
      </Button>
      {check && (
        <Dialog
          open
          width={820}
          title={t('import.title')}
          okText={t('import.save', { count: check.accepted.length })}
          okButtonProps={{ disabled: check.accepted.length === 0, 'data-testid': 'import-save' }}
          cancelText={t('actions.cancel')}
          confirmLoading={saving.isLoading}
          onOk={() => void confirm()}
          onCancel={() => setCheck(null)}
        >
          <Space direction="vertical" style={{ width: '100%' }}>
            <Alert
              type={check.rejected.length ? 'warning' : 'success'}
              showIcon
              title={t('import.summary', { accepted: check.accepted.length, rejected: check.rejected.length })}
              description={
                check.unknownColumns.length
                  ? t('import.unknownColumns', { columns: check.unknownColumns.join(', ') })
                  : undefined
              }
            />
            <Tabs
              items={[
                {
                  key: 'accepted',
                  label: t('import.accepted', { count: check.accepted.length }),
                  children: (
                    <Table
                      size="small"
                      rowKey={(_, i) => String(i)}
                      dataSource={check.accepted}
                      pagination={{ pageSize: 8 }}
                      columns={[
                        { title: t('fields.nameEn'), dataIndex: 'name_en' },
                        { title: t('fields.nameAr'), dataIndex: 'name_ar' },
                        {
                          title: t('products.price'),
                          dataIndex: 'price',
                          render: (v: number) => formatMoney(v, i18n.language),
                        },
                        { title: t('products.stock'), dataIndex: 'stock' },
                      ]}
                    />
                  ),
                },
                {
                  key: 'rejected',
                  label: t('import.rejected', { count: check.rejected.length }),
                  children: (
                    <Table
                      size="small"
                      rowKey="row"
                      dataSource={check.rejected}
                      pagination={{ pageSize: 8 }}
                      columns={[
                        { title: t('import.row'), dataIndex: 'row', width: 80 },
                        {
                          title: t('import.problems'),
                          render: (_, r) =>
                            r.errors
                              .map(
                                (e) =>
                                  `${t(`import.columns.${e.path}`, { defaultValue: e.path })}: ${messageText(t, e.message)}`,
                              )
                              .join(' · '),
                        },
                      ]}
                    />
                  ),
                },
              ]}
            />
          </Space>
        </Dialog>
      )}
    </>
  );
}
