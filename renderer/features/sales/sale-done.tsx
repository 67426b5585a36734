import { Button, List, Result, Typography } from 'antd';
import { FileTextOutlined, MessageOutlined, PrinterOutlined } from '@ant-design/icons';
import { useEffect } from 'react';
import { usePrintReceipt } from '../../components/domain/printing/use-print-receipt';
import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '../../../shared/api/catalogue';
import { api } from '../../api/base';
import { formatMoney } from '../../components/format/money';
import { useSubmit } from '../../components/hooks/use-submit';
import { formatDay } from '../../components/format/dates';
import { SubscriptionStatusTag } from '../../components/domain/subscriptions/subscription-status-tag';

/**
 * After a sale: the invoice number, the change to give, the subscriptions made, and texting the invoice.
 * A sale the station kept in its offline queue (negative id, issue 28) says so: its receipt prints from
 * the station (thermal and A4); texting it waits until the server has it.
 */
export function SaleDone({
  sale,
  kidName,
  canText,
}: {
  sale: ResponseOf<'sale/sale/create'>;
  kidName: (id: number) => string;
  canText: boolean;
}) {
  const { t, i18n } = useTranslation();
  const receipt = usePrintReceipt();
  // Printing follows the station's setting; a cash sale also opens the drawer when one is wired.
  const { data: settings } = api.useStationSettingsQuery();
  const printer = settings?.printer;
  const autoPrint = printer?.autoPrint === true && printer.address !== null;
  useEffect(() => {
    if (autoPrint) void receipt.print(sale.id, sale.cash > 0);
  }, [sale.id, autoPrint]); // eslint-disable-line react-hooks/exhaustive-deps -- once per sale
  const [send, sending] = api.useInvoiceSendMutation();
  const submit = useSubmit();
  const offline = sale.id < 0;
  const change = sale.change > 0 ? t('cart.giveChange', { change: formatMoney(sale.change, i18n.language) }) : null;
  return (
    <Result
      status="success"
      title={t(offline ? 'offline.saleDone' : 'cart.done', { no: sale.invoice_no })}
      subTitle={
        offline ? (
          <span data-testid="sale-offline">
            {change && <strong style={{ display: 'block' }}>{change}</strong>}
            {t('offline.saleDoneHelp')}
          </span>
        ) : (
          change
        )
      }
      extra={[
        <Button
          key="thermal"
          autoFocus
          icon={<PrinterOutlined />}
          loading={receipt.printing}
          onClick={() => void receipt.print(sale.id)}
          data-testid="sale-print-receipt"
        >
          {t('print.thermal')}
        </Button>,
        <Button key="print" icon={<FileTextOutlined />} href={`#/Sales/${sale.id}/print`} data-testid="sale-print">
          {t('print.a4')}
        </Button>,
        canText && (
          <Button
            key="send"
            icon={<MessageOutlined />}
            loading={sending.isLoading}
            disabled={offline}
            aria-describedby={offline ? 'sale-send-why' : undefined}
            onClick={() => void submit(send({ id: sale.id }))}
            data-testid="sale-send"
          >
            {t('invoices.send')}
          </Button>
        ),
        canText && offline && (
          <Typography.Paragraph key="send-why" id="sale-send-why" type="secondary" style={{ marginTop: 8 }}>
            {t('offline.textLater')}
          </Typography.Paragraph>
        ),
      ]}
    >
      {sale.subscriptions.length > 0 && (
        <List
          size="small"
          header={t('features.Subscriptions')}
          dataSource={sale.subscriptions}
          renderItem={(s) => (
            <List.Item>
              {kidName(s.kid_id)}
              <span>
                <SubscriptionStatusTag status={s.status} />
                {t('subscriptions.fromTo', {
                  start: formatDay(s.start_date, i18n.language),
                  end: formatDay(s.end_date, i18n.language),
                })}
              </span>
            </List.Item>
          )}
        />
      )}
    </Result>
  );
}
