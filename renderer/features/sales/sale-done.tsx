import { Button, List, Result } from 'antd';
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

/** After a sale: the invoice number, the change to give, the subscriptions made, and texting the invoice. */
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
  return (
    <Result
      status="success"
      title={t('cart.done', { no: sale.invoice_no })}
      subTitle={sale.change > 0 ? t('cart.giveChange', { change: formatMoney(sale.change, i18n.language) }) : undefined}
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
            onClick={() => void submit(send({ id: sale.id }))}
            data-testid="sale-send"
          >
            {t('invoices.send')}
          </Button>
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
