import { useState } from 'react';
import { Alert, Button, Empty, Form, Space, Table, Typography } from 'antd';
import { DeleteOutlined, FileExcelOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CampaignProblem, CampaignRow } from '../../../shared/domain/campaign-rows';
import type { ApiFailure } from '../../../shared/api/envelope';
import { api } from '../../api/base';
import { useNotify } from '../../components/hooks/use-notify';
import { useSubmit } from '../../components/hooks/use-submit';
import { Ltr } from '../../components/ui/ltr';
import { MessageBox } from './message-box';
import { SendButton } from './send-button';
import { AudienceBuilder } from './audience-builder';
import { StopListImport } from './stop-list-import';
import { readCampaignFile } from './read-campaign-file';
import type { PromotionContext } from './use-promotion-context';

/** Spec 9: imported rows, 10 a page. */
const PAGE = 10;

interface Imported {
  fileName: string;
  rows: CampaignRow[];
  problems: CampaignProblem[];
  /** The file the rows came from, kept with the campaign (none for rows built from the families). */
  source: { fileName: string; contentBase64: string } | null;
  /** Its name in the file store once uploaded: a send tried again does not upload it twice. */
  stored?: string;
}

/**
 * A campaign from a spreadsheet: the station's main process reads the file; the rows that can be sent
 * and those that cannot (with their row number and why) are shown; rows are removed here before sending
 * (spec 4: locally); a send that succeeds clears them (spec 4).
 */
export function CampaignImport({ context, onSent }: { context: PromotionContext; onSent: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const submit = useSubmit();
  const [form] = Form.useForm<{ message?: string }>();
  const message = Form.useWatch('message', form) ?? '';
  const [reading, setReading] = useState(false);
  const [imported, setImported] = useState<Imported | null>(null);
  const [page, setPage] = useState(1);
  const [send, sending] = api.usePromotionBulkSmsMutation();
  const [upload, uploading] = api.useFileUploadMutation();

  const choose = async () => {
    setReading(true);
    const reply = await readCampaignFile(context.branch.country).finally(() => setReading(false));
    if (reply.status === 'refused') notify.error(reply.key);
    if (reply.status !== 'read') return;
    setImported({
      fileName: reply.fileName,
      rows: reply.sheet.rows,
      problems: reply.sheet.problems,
      source: { fileName: reply.fileName, contentBase64: reply.contentBase64 },
    });
    setPage(1);
  };

  const remove = (row: number) => setImported((now) => now && { ...now, rows: now.rows.filter((r) => r.row !== row) });

  /** Spec 7: the spreadsheet goes to the branch's promotion folder, and the campaign names it. */
  const keptFile = async (now: Imported): Promise<string | null | undefined> => {
    if (!now.source || now.stored) return now.stored ?? null;
    const kept = await upload({ folder: 'promotion', owner_id: context.branchId, ...now.source });
    if ('error' in kept) return void notify.error((kept.error as Partial<ApiFailure>).message);
    const stored = kept.data.data.fileName;
    setImported((latest) => latest && { ...latest, stored });
    return stored;
  };

  const go = async () => {
    if (!imported) return;
    const file = await keptFile(imported);
    if (file === undefined) return;
    const rows = imported.rows.map((r) => ({ row: r.row, mobile: r.mobile, name: r.name ?? '', kid: r.kid ?? '' }));
    const sent = await submit(send({ rows, message, file, branch_id: context.branchId }), { form });
    if (!sent) return;
    setImported(null);
    form.resetFields();
    onSent();
  };

  const rows = imported?.rows ?? [];
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="promotion-campaign">
      <Space wrap>
        <Button
          icon={<FileExcelOutlined />}
          loading={reading}
          onClick={() => void choose()}
          data-testid="campaign-import"
        >
          {t('promotions.import.button')}
        </Button>
        {imported && (
          <Typography.Text data-testid="campaign-file">
            <bdi>{imported.fileName}</bdi> · {t('promotions.import.ready')} <Ltr>{rows.length}</Ltr>
          </Typography.Text>
        )}
      </Space>
      <StopListImport context={context} />
      {!imported && <Typography.Text type="secondary">{t('promotions.import.hint')}</Typography.Text>}
      <AudienceBuilder
        context={context}
        onRows={(fileName, rows) => (setImported({ fileName, rows, problems: [], source: null }), setPage(1))}
      />
      {imported && (
        <>
          <Table<CampaignRow>
            size="small"
            rowKey="row"
            dataSource={rows}
            data-testid="campaign-rows"
            locale={{ emptyText: <Empty description={t('promotions.import.noRows')} /> }}
            pagination={{ current: page, pageSize: PAGE, onChange: setPage, showSizeChanger: false }}
            columns={[
              { title: t('promotions.import.row'), dataIndex: 'row', width: 80, render: (v: number) => <Ltr>{v}</Ltr> },
              { title: t('promotions.single.mobile'), dataIndex: 'mobile', render: (v: string) => <Ltr>{v}</Ltr> },
              {
                title: t('promotions.import.name'),
                dataIndex: 'name',
                render: (v: string | null) => <bdi>{v ?? '—'}</bdi>,
              },
              {
                title: t('promotions.import.kid'),
                dataIndex: 'kid',
                render: (v: string | null) => <bdi>{v ?? '—'}</bdi>,
              },
              {
                title: '',
                width: 60,
                render: (_, r) => (
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('promotions.import.remove', { row: r.row })}
                    onClick={() => remove(r.row)}
                    data-testid="campaign-row-remove"
                  />
                ),
              },
            ]}
          />
          {imported.problems.length > 0 && <Problems problems={imported.problems} />}
        </>
      )}
      <Form form={form} layout="vertical" onFinish={() => void go()}>
        <Form.Item label={t('promotions.message')} name="message" required>
          <MessageBox words={context.words} sample={rows[0] ?? {}} sampleRow={rows[0]?.row} rows={rows} />
        </Form.Item>
        <SendButton
          busy={uploading.isLoading || sending.isLoading}
          disabled={rows.length === 0 || !message.trim()}
          testId="campaign-send"
        >
          {t('promotions.sendCampaign')}
        </SendButton>
      </Form>
    </Space>
  );
}

/** The rows that will not be sent, by their row number in the file and why. */
function Problems({ problems }: { problems: readonly CampaignProblem[] }) {
  const { t } = useTranslation();
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Alert type="warning" showIcon title={t('promotions.import.problems')} />
      <Table<CampaignProblem>
        size="small"
        rowKey="row"
        dataSource={[...problems]}
        data-testid="campaign-problems"
        pagination={{ pageSize: PAGE, showSizeChanger: false }}
        columns={[
          { title: t('promotions.import.row'), dataIndex: 'row', width: 80, render: (v: number) => <Ltr>{v}</Ltr> },
          { title: t('promotions.import.typed'), dataIndex: 'typed', render: (v: string) => <Ltr>{v || '—'}</Ltr> },
          {
            title: t('promotions.import.reason'),
            dataIndex: 'reason',
            render: (_, p) => (
              <span data-testid="campaign-problem-reason">
                {t(`promotions.problems.${p.reason}`)}
                {p.duplicateOf !== undefined && (
                  <>
                    {' '}
                    {t('promotions.import.duplicateOf')} <Ltr>{p.duplicateOf}</Ltr>
                  </>
                )}
              </span>
            ),
          },
        ]}
      />
    </Space>
  );
}
