import { Button, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';

/** The coupon's code and its Apply (Enter applies too); the server checks it against the cart's total. */
export function CouponEntry(props: {
  code: string;
  onCode: (code: string) => void;
  onApply: () => void;
  checking: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        placeholder={t('cart.coupon')}
        value={props.code}
        onChange={(e) => props.onCode(e.target.value)}
        onPressEnter={props.onApply}
        dir="ltr"
        data-testid="coupon-code"
      />
      <Button onClick={props.onApply} loading={props.checking} disabled={!props.code} data-testid="coupon-apply">
        {t('cart.applyCoupon')}
      </Button>
    </Space.Compact>
  );
}
