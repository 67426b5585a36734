import { useEffect, useState } from 'react';
import { Button, Result, Space, Spin } from 'antd';
import { ArrowLeftOutlined, ArrowRightOutlined, FilePdfOutlined, PrinterOutlined } from '@ant-design/icons';
import QRCode from 'qrcode';
import { skipToken } from '@reduxjs/toolkit/query';
import { useTranslation } from 'react-i18next';
import type { Receipt } from '../../../../shared/domain/receipt';
import { usePrintPage } from './use-print-page';
import { formatMoney } from '../../../../shared/domain/money';
import { api } from '../../../api/base';
import { formatDateTime } from '../../format/dates';
import './a4-page.css';
import './invoice-a4.css';

/** English beside Arabic, each in its own direction, as Saudi tax invoices are laid out. */
function Both({ en, ar }: { en: string; ar: string }) {
  return (
    <span className="a4-both">
      <span dir="ltr">{en}</span>
      <span dir="rtl" lang="ar">
        {ar}
      </span>
    </span>
  );
}

/**
 * The A4 invoice (or credit note): bilingual, with the tax QR, printed or saved as PDF. A negative id is a
 * sale waiting in the station's offline queue: the station draws it from what it printed, as the
 * server's receipt would be (the server cannot be asked for it).
 */
export function InvoiceA4({ id, back }: { id: number; back: () => void }) {
  const { t, i18n } = useTranslation();
  const queued = id < 0;
  const server = api.useSaleReceiptQuery(queued ? skipToken : { id });
  const station = api.useOfflineReceiptQuery(queued ? { id } : skipToken);
  const { data: receipt, isLoading, error } = queued ? station : server;
  const printing = usePrintPage();
  const BackIcon = i18n.dir() === 'rtl' ? ArrowRightOutlined : ArrowLeftOutlined;
  if (isLoading) return <Spin />;
  if (error || !receipt)
    return (
      <Result
        status="404"
        // A queued sale's receipt is gone once the server has recorded it: its invoice is the server's now.
        title={queued && receipt === null ? t('offline.receiptSent') : t('errors:NOT_FOUND')}
        extra={<Button onClick={back}>{t('actions.back')}</Button>}
      />
    );
  const fileName = `${receipt.kind === 'credit_note' ? 'credit-note' : 'invoice'}-${receipt.number}.pdf`;
  return (
    <div data-testid="invoice-a4-view">
      <Space className="no-print" style={{ marginBottom: 16 }}>
        <Button icon={<BackIcon />} onClick={back}>
          {t('actions.back')}
        </Button>
        <Button
          type="primary"
          icon={<PrinterOutlined />}
          loading={printing.busy === 'print'}
          onClick={() => void printing.run('print', fileName)}
          data-testid="invoice-print"
        >
          {t('print.a4')}
        </Button>
        {printing.desktop && (
          <Button
            icon={<FilePdfOutlined />}
            loading={printing.busy === 'pdf'}
            onClick={() => void printing.run('pdf', fileName)}
            data-testid="invoice-pdf"
          >
            {t('print.savePdf')}
          </Button>
        )}
      </Space>
      <InvoicePage receipt={receipt} />
    </div>
  );
}

function InvoicePage({ receipt }: { receipt: Receipt }) {
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    void QRCode.toDataURL(receipt.qr, { errorCorrectionLevel: 'M', margin: 1, width: 168 }).then(setQr);
  }, [receipt.qr]);
  const en = (minor: number) => formatMoney(minor, 'en', receipt.currency);
  const note = receipt.kind === 'credit_note';
  return (
    <article className="a4-page" data-testid="invoice-a4">
      <header className="a4-head">
        <div dir="ltr">
          <div className="a4-seller">{receipt.seller.name_en}</div>
          {receipt.seller.address && <div>{receipt.seller.address}</div>}
          {receipt.seller.phone && <div>{receipt.seller.phone}</div>}
        </div>
        <div dir="rtl" lang="ar">
          <div className="a4-seller">{receipt.seller.name_ar}</div>
          {receipt.seller.vatNumber && <div>الرقم الضريبي: {receipt.seller.vatNumber}</div>}
        </div>
      </header>
      {/* The sheet's one level-one heading is what it is; the seller's names head its two columns. */}
      <h1 className="a4-title">
        <Both en={note ? 'Credit note' : 'Simplified tax invoice'} ar={note ? 'إشعار دائن' : 'فاتورة ضريبية مبسطة'} />
      </h1>
      <table className="a4-facts">
        <tbody>
          <tr>
            <th>
              <Both en="Number" ar="الرقم" />
            </th>
            <td dir="ltr">#{receipt.number}</td>
            <th>
              <Both en="Date" ar="التاريخ" />
            </th>
            <td dir="ltr">{formatDateTime(receipt.issuedAt, 'en', 'medium', receipt.timeZone)}</td>
          </tr>
          <tr>
            <th>
              <Both en="VAT number" ar="الرقم الضريبي" />
            </th>
            <td dir="ltr">{receipt.seller.vatNumber ?? '—'}</td>
            <th>
              <Both en="Cashier" ar="الكاشير" />
            </th>
            <td>
              <Both en={receipt.cashier.name_en} ar={receipt.cashier.name_ar} />
            </td>
          </tr>
          {receipt.refersTo !== null && (
            <tr>
              <th>
                <Both en="Cancels invoice" ar="يلغي الفاتورة" />
              </th>
              <td dir="ltr" colSpan={3}>
                #{receipt.refersTo}
              </td>
            </tr>
          )}
        </tbody>
      </table>
      <table className="a4-lines">
        <thead>
          <tr>
            <th>
              <Both en="Item" ar="الصنف" />
            </th>
            <th>
              <Both en="Qty" ar="الكمية" />
            </th>
            <th>
              <Both en="Unit price" ar="سعر الوحدة" />
            </th>
            <th>
              <Both en="Total" ar="الإجمالي" />
            </th>
          </tr>
        </thead>
        <tbody>
          {receipt.lines.map((line, i) => (
            <tr key={i}>
              <td>
                <Both en={line.name_en} ar={line.name_ar} />
              </td>
              <td className="num">{line.qty}</td>
              <td className="num">{en(line.unitPrice)}</td>
              <td className="num">{en(line.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="a4-bottom">
        {qr && <img className="a4-qr" src={qr} alt="" width={168} height={168} data-testid="invoice-qr" />}
        <table className="a4-totals">
          <tbody>
            <tr>
              <th>
                <Both en="Subtotal" ar="المجموع" />
              </th>
              <td className="num">{en(receipt.totals.subtotal)}</td>
            </tr>
            {receipt.totals.discount !== 0 && (
              <tr>
                <th>
                  <Both en="Discount" ar="الخصم" />
                </th>
                <td className="num">{en(-receipt.totals.discount)}</td>
              </tr>
            )}
            <tr>
              <th>
                <Both en="Total excluding VAT" ar="الإجمالي غير شامل الضريبة" />
              </th>
              <td className="num">{en(receipt.totals.net)}</td>
            </tr>
            <tr>
              <th>
                <Both en="VAT" ar="ضريبة القيمة المضافة" />
              </th>
              <td className="num">{en(receipt.totals.vat)}</td>
            </tr>
            <tr className="a4-grand">
              <th>
                <Both en="Total including VAT" ar="الإجمالي شامل الضريبة" />
              </th>
              <td className="num" data-testid="invoice-total">
                {en(receipt.totals.total)}
              </td>
            </tr>
            {receipt.payments.cash !== 0 && (
              <tr>
                <th>
                  <Both en="Cash" ar="نقداً" />
                </th>
                <td className="num">{en(receipt.payments.cash)}</td>
              </tr>
            )}
            {receipt.payments.card !== 0 && (
              <tr>
                <th>
                  <Both en={`Card ${receipt.payments.cardReference ?? ''}`} ar="بطاقة" />
                </th>
                <td className="num">{en(receipt.payments.card)}</td>
              </tr>
            )}
            {receipt.payments.change > 0 && (
              <tr>
                <th>
                  <Both en="Change" ar="الباقي" />
                </th>
                <td className="num">{en(receipt.payments.change)}</td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </article>
  );
}
