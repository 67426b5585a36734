import { useState } from 'react';
import { Alert, Button, Card, Flex, Form, InputNumber, Popconfirm, Space, Typography } from 'antd';
import { ArrowLeftOutlined, ArrowRightOutlined, PrinterOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ShiftSummary } from '../../../shared/api/cashup';
import { api } from '../../api/base';
import { useAppSelector } from '../../store/store';
import { bridge } from '../../bridge';
import { PageTitle } from '../../components/ui/page-title';
import { formatMoney, toMinor } from '../../components/format/money';
import { useSubmit } from '../../components/hooks/use-submit';
import { usePrintPage } from '../../components/domain/printing/use-print-page';
import { useThermalJob } from '../../components/domain/printing/use-print-receipt';
import { ShiftSheet } from '../../components/domain/shift/shift-sheet';
import { OpenShiftForm } from './open-shift-form';

/**
 * The cashier's shift (spec 2, user summary): open it with the float, read the X report at any time,
 * close it with the cash counted; the Z report then shows the difference.
 */
export function ShiftPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const user = useAppSelector((s) => s.auth.user);
  const { data: current, isLoading } = api.useCashupCurrentQuery();
  const [closedReport, setClosedReport] = useState<ShiftSummary | null>(null);
  const BackIcon = i18n.dir() === 'rtl' ? ArrowRightOutlined : ArrowLeftOutlined;
  const shown = closedReport ?? current ?? null;
  return (
    <div data-testid="shift-page">
      <PageTitle
        title={t('shift.title')}
        extra={
          <Button icon={<BackIcon />} onClick={() => navigate('/Sales')} data-testid="shift-back">
            {t('shift.backToTill')}
          </Button>
        }
      />
      {!isLoading && !shown && <OpenShift ownBranch={user?.branch_id ?? null} />}
      {shown && (
        // The closing card first: where the sheet (A4 wide) and the card do not fit side by side, it stays
        // on top rather than under a long sheet or over its amounts.
        <Flex gap={16} wrap align="start">
          {!closedReport && current && <CloseShift shift={current} onClosed={setClosedReport} />}
          <div style={{ flex: '0 1 auto', maxWidth: '100%', overflowX: 'auto' }}>
            <ShiftActions shift={shown} />
            <ShiftSheet shift={shown} />
          </div>
        </Flex>
      )}
    </div>
  );
}

function ShiftActions({ shift }: { shift: ShiftSummary }) {
  const { t } = useTranslation();
  const thermal = useThermalJob();
  const page = usePrintPage();
  return (
    <Space className="no-print" style={{ marginBottom: 12 }} wrap>
      <Button
        type="primary"
        icon={<PrinterOutlined />}
        loading={thermal.printing}
        onClick={() => void thermal.run(`shift-${shift.id}`, () => bridge.invoke('pos:print-shift', { id: shift.id }))}
        data-testid="shift-print-receipt"
      >
        {t('shift.printReceipt')}
      </Button>
      <Button
        icon={<PrinterOutlined />}
        loading={page.busy === 'print'}
        onClick={() => void page.run('print', `shift-${shift.id}.pdf`)}
        data-testid="shift-print-a4"
      >
        {t('print.a4')}
      </Button>
    </Space>
  );
}

function OpenShift({ ownBranch }: { ownBranch: number | null }) {
  const { t } = useTranslation();
  return (
    <Card style={{ maxWidth: 480 }}>
      <Alert type="info" showIcon title={t('shift.noneOpen')} style={{ marginBottom: 16 }} data-testid="shift-none" />
      <OpenShiftForm ownBranch={ownBranch} />
    </Card>
  );
}

function CloseShift({ shift, onClosed }: { shift: ShiftSummary; onClosed: (z: ShiftSummary) => void }) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<{ counted: number | null }>();
  const counted = Form.useWatch('counted', form);
  const [close, closing] = api.useCashupCloseMutation();
  const submit = useSubmit();
  const finish = async () => {
    const z = await submit(close({ id: shift.id, counted_cash: toMinor(counted) }), { form });
    if (z) onClosed(z);
  };
  return (
    <Card
      className="no-print"
      style={{ flex: '1 1 280px', maxWidth: 480 }}
      title={
        <Typography.Title level={2} style={{ margin: 0, fontSize: 16 }}>
          {t('shift.closeTitle')}
        </Typography.Title>
      }
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="counted"
          label={t('shift.countedLabel')}
          extra={t('shift.countedHelp')}
          rules={[{ required: true, message: t('errors:FIELD_REQUIRED') }]}
        >
          <InputNumber min={0} max={1_000_000} precision={2} style={{ width: '100%' }} data-testid="shift-counted" />
        </Form.Item>
        <Popconfirm
          title={t('shift.confirmClose', {
            amount: formatMoney(toMinor(counted), i18n.language, shift.branch.currency),
          })}
          okText={t('shift.close')}
          cancelText={t('actions.cancel')}
          onConfirm={() => void finish()}
          disabled={counted === null || counted === undefined}
        >
          <Button
            danger
            type="primary"
            loading={closing.isLoading}
            disabled={counted === null || counted === undefined}
            data-testid="shift-close"
          >
            {t('shift.close')}
          </Button>
        </Popconfirm>
      </Form>
    </Card>
  );
}
