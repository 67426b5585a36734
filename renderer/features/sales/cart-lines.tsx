import { Button, InputNumber, Select, Space, Table, Tag, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '../../../shared/api/catalogue';
import type { LineAmounts } from '../../../shared/domain/money';
import { formatMoney } from '../../components/format/money';
import { localName } from '../../components/format/names';
import { formatDay } from '../../components/format/dates';
import { KidFlags } from '../../components/domain/parents/kid-flags';
import { qtyOf, type Line } from './cart';
import { SubscriptionStatusTag } from '../../components/domain/subscriptions/subscription-status-tag';

type TillKid = ResponseOf<'sale/kidslist'>[number];

/** The cart's lines: quantities for products, the kids each package is for (one subscription each). */
export function CartLines(props: {
  lines: Line[];
  amounts: LineAmounts[];
  kids: TillKid[] | undefined;
  onQty: (key: string, qty: number) => void;
  onKids: (key: string, kids: number[]) => void;
  onRemove: (key: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const kidOption = (kid: TillKid) => ({
    value: kid.id,
    label: (
      <Space size={4} wrap>
        {localName(kid, i18n.language)}
        <KidFlags kid={kid} />
        {kid.subscription && (
          <SubscriptionStatusTag status={kid.subscription.status}>
            {' · '}
            {t('subscriptions.until', { date: formatDay(kid.subscription.end_date, i18n.language) })}
          </SubscriptionStatusTag>
        )}
      </Space>
    ),
  });

  return (
    <Table<Line>
      size="small"
      rowKey="key"
      pagination={false}
      dataSource={props.lines}
      data-testid="cart-lines"
      columns={[
        {
          title: t('fields.name'),
          render: (_, line) => (
            <Space direction="vertical" size={4} style={{ width: '100%' }}>
              <Typography.Text>
                {line.kind === 'overtime'
                  ? t('cart.overtimeLine', {
                      count: line.visit.overtime_hours,
                      kid: localName(
                        { name_en: line.visit.kid_name_en, name_ar: line.visit.kid_name_ar },
                        i18n.language,
                      ),
                    })
                  : localName(line.item, i18n.language)}
                {line.kind === 'package' && <Tag style={{ marginInlineStart: 8 }}>{t('cart.package')}</Tag>}
              </Typography.Text>
              {line.kind === 'package' && (
                <Select
                  mode="multiple"
                  size="small"
                  style={{ minWidth: 220, width: '100%' }}
                  placeholder={t('cart.pickKids')}
                  aria-label={t('cart.pickKids')}
                  status={line.kids.length === 0 ? 'warning' : undefined}
                  value={line.kids}
                  onChange={(kids: number[]) => props.onKids(line.key, kids)}
                  options={(props.kids ?? []).map(kidOption)}
                  optionFilterProp="value"
                  notFoundContent={t('cart.noKids')}
                  data-testid={`cart-kids-${line.item.id}`}
                />
              )}
            </Space>
          ),
        },
        {
          title: t('cart.qty'),
          width: 90,
          render: (_, line) =>
            line.kind === 'product' ? (
              <InputNumber
                size="small"
                min={1}
                max={Math.max(1, line.item.stock)}
                value={line.qty}
                onChange={(v) => props.onQty(line.key, v ?? 1)}
                aria-label={`${t('cart.qty')}: ${localName(line.item, i18n.language)}`}
              />
            ) : (
              <span data-testid={line.kind === 'package' ? `cart-qty-${line.item.id}` : undefined}>{qtyOf(line)}</span>
            ),
        },
        {
          title: t('invoices.total'),
          width: 120,
          render: (_, _line, i) => formatMoney(props.amounts[i]?.gross ?? 0, i18n.language),
        },
        {
          width: 44,
          render: (_, line) => (
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('actions.delete')}
              onClick={() => props.onRemove(line.key)}
            />
          ),
        },
      ]}
    />
  );
}
