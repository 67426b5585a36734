import type { Dispatch, RefObject } from 'react';
import { Col, Input, InputNumber, Row, Typography, type GetRef } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../components/format/money';
import type { CartAction, CartState } from './cart';

/** Cash, card and the card's reference, then the change or what is still due; Enter in any of them pays. */
export function CartPayment(props: {
  cart: CartState;
  dispatch: Dispatch<CartAction>;
  change: number;
  /** Where F9 sends the cashier when the sale is not paid for yet. */
  cashInput: RefObject<GetRef<typeof InputNumber> | null>;
  onEnter: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { cart, dispatch, change, onEnter } = props;
  return (
    <>
      <Row gutter={8}>
        <Col span={8}>
          <InputNumber
            ref={props.cashInput}
            addonBefore={t('cart.cash')}
            aria-label={t('cart.cash')}
            min={0}
            precision={2}
            value={cart.cash}
            onChange={(amount) => dispatch({ type: 'cashTyped', amount })}
            onPressEnter={onEnter}
            style={{ width: '100%' }}
            data-testid="pay-cash"
          />
        </Col>
        <Col span={8}>
          <InputNumber
            addonBefore={t('cart.card')}
            aria-label={t('cart.card')}
            min={0}
            precision={2}
            value={cart.card}
            onChange={(amount) => dispatch({ type: 'cardTyped', amount })}
            onPressEnter={onEnter}
            style={{ width: '100%' }}
            data-testid="pay-card"
          />
        </Col>
        <Col span={8}>
          <Input
            placeholder={t('cart.cardRef')}
            value={cart.cardRef}
            onChange={(e) => dispatch({ type: 'cardRefTyped', ref: e.target.value })}
            onPressEnter={onEnter}
            disabled={!cart.card}
            dir="ltr"
            data-testid="pay-card-ref"
          />
        </Col>
      </Row>
      <Typography.Text type={change < 0 ? 'danger' : 'success'} data-testid="cart-change">
        {change < 0
          ? t('cart.due', { amount: formatMoney(-change, i18n.language) })
          : t('cart.change', { amount: formatMoney(change, i18n.language) })}
      </Typography.Text>
    </>
  );
}
