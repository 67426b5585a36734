import { Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PricedCart } from '../../../shared/domain/money';
import { formatMoney } from '../../components/format/money';

/** Subtotal, the coupon's discount, VAT and what is payable, as `cartTotals` priced them. */
export function CartTotals({ priced, couponCode }: { priced: PricedCart; couponCode: string | undefined }) {
  const { t, i18n } = useTranslation();
  const money = (amount: number) => formatMoney(amount, i18n.language);
  return (
    <Descriptions size="small" column={1} bordered>
      <Descriptions.Item label={t('cart.subtotal')}>{money(priced.gross)}</Descriptions.Item>
      {priced.discount > 0 && (
        <Descriptions.Item label={t('cart.discount', { code: couponCode })}>
          − {money(priced.discount)}
        </Descriptions.Item>
      )}
      <Descriptions.Item label={t('invoices.vat')}>{money(priced.vat)}</Descriptions.Item>
      <Descriptions.Item label={<Typography.Text strong>{t('cart.payable')}</Typography.Text>}>
        <Typography.Text strong data-testid="cart-payable">
          {money(priced.payable)}
        </Typography.Text>
      </Descriptions.Item>
    </Descriptions>
  );
}
