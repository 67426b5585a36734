import type { ReactNode } from 'react';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SubscriptionStatus } from '../../../../shared/domain/subscription';

const COLOUR: Record<SubscriptionStatus, string> = {
  ACTIVE: 'green',
  WAITING: 'blue',
  FREEZED: 'cyan',
  INACTIVE: 'default',
  CANCELLED: 'red',
};

/** A subscription's status in the same colour on every screen; `children` follow the status inside the tag. */
export function SubscriptionStatusTag({
  status,
  children,
  ...rest
}: {
  status: SubscriptionStatus;
  children?: ReactNode;
  'data-testid'?: string;
}) {
  const { t } = useTranslation();
  return (
    <Tag color={COLOUR[status]} {...rest}>
      {t(`subscriptions.status.${status}`)}
      {children}
    </Tag>
  );
}
