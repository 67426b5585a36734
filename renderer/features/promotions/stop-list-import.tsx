import { useState } from 'react';
import { Button, Space, Typography } from 'antd';
import { StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/base';
import { useAbility } from '../../store/ability';
import { Dialog } from '../../components/ui/dialog';
import { Ltr } from '../../components/ui/ltr';
import { useNotify } from '../../components/hooks/use-notify';
import { useSubmit } from '../../components/hooks/use-submit';
import { readCampaignFile } from './read-campaign-file';
import type { PromotionContext } from './use-promotion-context';

interface Read {
  fileName: string;
  mobiles: string[];
  /** Rows of the file without a number that can be marked. */
  unreadable: number;
}

/**
 * A STOP list (issue 23): a file of numbers that want no promotions, read like a campaign's file (a
 * Mobile column), marked on the server after the manager confirms; those numbers are never in a campaign
 * again, whoever imports them, and the parents among them are marked too.
 */
export function StopListImport({ context }: { context: PromotionContext }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const submit = useSubmit();
  const ability = useAbility();
  const [reading, setReading] = useState(false);
  const [read, setRead] = useState<Read | null>(null);
  const [marked, setMarked] = useState<{ numbers: number; parents: number } | null>(null);
  const [mark, marking] = api.usePromotionOptOutImportMutation();
  if (!ability.can('update', 'Promotions')) return null;

  const choose = async () => {
    setReading(true);
    const reply = await readCampaignFile(context.branch.country).finally(() => setReading(false));
    if (reply.status === 'refused') notify.error(reply.key);
    if (reply.status !== 'read') return;
    if (reply.sheet.rows.length === 0) return notify.why(t('promotions.stopList.none'));
    setRead({
      fileName: reply.fileName,
      mobiles: reply.sheet.rows.map((r) => r.mobile),
      unreadable: reply.sheet.problems.filter((p) => p.reason !== 'DUPLICATE').length,
    });
  };

  const confirm = async (file: Read) => {
    const done = await submit(mark({ mobiles: file.mobiles, branch_id: context.branchId }), {
      text: t('promotions.stopList.marked', { count: file.mobiles.length }),
    });
    setRead(null);
    if (done) setMarked(done);
  };

  return (
    <Space wrap>
      <Button icon={<StopOutlined />} loading={reading} onClick={() => void choose()} data-testid="stop-list-import">
        {t('promotions.stopList.button')}
      </Button>
      {marked && (
        <Typography.Text data-testid="stop-list-result">
          {t('promotions.stopList.numbers')} <Ltr>{marked.numbers}</Ltr> · {t('promotions.stopList.parents')}{' '}
          <Ltr>{marked.parents}</Ltr>
        </Typography.Text>
      )}
      {read && (
        <Dialog
          open
          title={t('promotions.stopList.confirmTitle')}
          okText={t('promotions.stopList.confirm')}
          okButtonProps={{ danger: true, 'data-testid': 'stop-list-confirm' }}
          cancelText={t('promotions.stopList.keep')}
          confirmLoading={marking.isLoading}
          onOk={() => void confirm(read)}
          onCancel={() => setRead(null)}
        >
          <Typography.Paragraph data-testid="stop-list-count">
            <bdi>{read.fileName}</bdi>: {t('promotions.stopList.count', { count: read.mobiles.length })}
          </Typography.Paragraph>
          <Typography.Paragraph>{t('promotions.stopList.effect')}</Typography.Paragraph>
          {read.unreadable > 0 && (
            <Typography.Paragraph type="secondary">
              {t('promotions.stopList.unreadable', { count: read.unreadable })}
            </Typography.Paragraph>
          )}
        </Dialog>
      )}
    </Space>
  );
}
