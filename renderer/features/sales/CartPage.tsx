import { useMemo, useState } from 'react';
import { Button, Card, Col, Descriptions, Empty, Input, InputNumber, List, Result, Row, Space, Table, Typography } from 'antd';
import { DeleteOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Product } from '../../../shared/api/products';
import type { ApiFailure } from '../../../shared/api/envelope';
import { priceCart, type TaxMode } from '../../../shared/domain/money';
import { useCouponCheckMutation, useProductPageQuery, useSaleCreateMutation, useTaxListQuery } from '../../api/sales';
import { PageTitle } from '../../components/PageTitle';
import { LookupSelect } from '../../components/LookupSelect';
import { useBranchListQuery } from '../../api/lookups';
import { useAppSelector } from '../../app/store';
import { localName } from '../../components/names';
import { formatMoney, toMinor } from '../../components/money';
import { useNotify } from '../../components/useNotify';
import { useSubmit } from '../../components/useSubmit';

type Line = { product: Product; qty: number };
type Coupon = { code: string; coupon_id: number; discount: number };

/**
 * The till: find products (Enter adds the first match), adjust quantities, apply a coupon, take cash
 * and/or card. Totals are computed with the server's own rule, so what is shown is what is charged.
 */
export function CartPage() {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const submit = useSubmit();
  const [q, setQ] = useState('');
  const { data: found } = useProductPageQuery({ page: 1, perPage: 8, q: q || undefined });
  const { data: taxes } = useTaxListQuery();
  const [lines, setLines] = useState<Line[]>([]);
  const [coupon, setCoupon] = useState<Coupon | null>(null);
  const [code, setCode] = useState('');
  const [cash, setCash] = useState<number | null>(null);
  const [card, setCard] = useState<number | null>(null);
  const [cardRef, setCardRef] = useState('');
  const [done, setDone] = useState<{ invoice_no: number; change: number } | null>(null);
  // An administrator without a branch of their own says where the sale happens.
  const ownBranch = useAppSelector((st) => st.auth.user?.branch_id ?? null);
  const { data: branches } = useBranchListQuery();
  const [branchId, setBranchId] = useState<number | null>(null);
  const [checkCoupon, checking] = useCouponCheckMutation();
  const [sell, selling] = useSaleCreateMutation();

  const rate = (taxId: number) => taxes?.find((x) => x.id === taxId)?.rate_bp ?? 0;
  const priced = useMemo(() => {
    const inputs = lines.map((l) => ({ unitPrice: l.product.price, qty: l.qty, rateBp: rate(l.product.tax_id), included: l.product.included as TaxMode }));
    const gross = priceCart(inputs).gross;
    return priceCart(inputs, coupon && coupon.discount <= gross ? coupon.discount : 0);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- rate depends on taxes only
  }, [lines, coupon, taxes]);
  const paid = toMinor(cash) + toMinor(card);
  const change = paid - priced.payable;

  const add = (product: Product) => {
    setDone(null);
    setCoupon(null);
    setLines((current) => {
      const existing = current.find((l) => l.product.id === product.id);
      return existing ? current.map((l) => (l === existing ? { ...l, qty: l.qty + 1 } : l)) : [...current, { product, qty: 1 }];
    });
  };
  const setQty = (id: number, qty: number) => {
    setCoupon(null);
    setLines((current) => current.map((l) => (l.product.id === id ? { ...l, qty } : l)));
  };

  const applyCoupon = async () => {
    const result = await checkCoupon({ coupon: code, cart_total: priced.gross });
    if ('error' in result) return notify.error((result.error as ApiFailure).message);
    setCoupon({ code, coupon_id: result.data.coupon_id, discount: result.data.discount });
    notify.success('COUPON_APPLIED');
  };

  const complete = async () => {
    const sale = await submit(
      sell({
        cart: lines.map((l) => ({ product: { id: l.product.id, qty: l.qty } })),
        coupon_id: coupon?.coupon_id ?? null,
        salesData: { payments: { cash: toMinor(cash), pos: toMinor(card), pos_reference: cardRef || null }, branch_id: ownBranch ? null : branchId },
        parentInfo: null,
      }),
      { success: 'SALES_COMPLETED' },
    );
    if (!sale) return;
    setDone({ invoice_no: sale.invoice_no, change: sale.change });
    setLines([]);
    setCoupon(null);
    setCode('');
    setCash(null);
    setCard(null);
    setCardRef('');
  };

  return (
    <div data-testid="cart-page">
      <PageTitle
        title={t('features.Sales')}
        extra={
          ownBranch === null && (
            <LookupSelect items={branches} value={branchId ?? undefined} onChange={(v) => setBranchId(v ?? null)} placeholder={t('cart.branch')} style={{ width: 220 }} data-testid="cart-branch" />
          )
        }
      />
      <Row gutter={16}>
        <Col xs={24} lg={10}>
          <Card title={t('cart.products')} size="small">
            <Input.Search
              autoFocus
              allowClear
              placeholder={t('cart.search')}
              value={q}
              onChange={(e) => setQ(e.target.value)}
              onSearch={() => found?.rows[0] && add(found.rows[0])}
              data-testid="cart-search"
            />
            <List
              dataSource={found?.rows ?? []}
              locale={{ emptyText: t('products.empty') }}
              renderItem={(p) => (
                <List.Item
                  actions={[
                    <Button key="add" size="small" onClick={() => add(p)} disabled={p.stock <= 0} data-testid={`cart-add-${p.id}`}>
                      {t('actions.add')}
                    </Button>,
                  ]}
                >
                  <List.Item.Meta title={localName(p, i18n.language)} description={`${formatMoney(p.price, i18n.language)} · ${t('products.stock')}: ${p.stock}`} />
                </List.Item>
              )}
            />
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card title={t('cart.title')} size="small">
            {done && (
              <Result
                status="success"
                title={t('cart.done', { no: done.invoice_no })}
                subTitle={done.change > 0 ? t('cart.giveChange', { change: formatMoney(done.change, i18n.language) }) : undefined}
              />
            )}
            {lines.length === 0 ? (
              !done && <Empty image={<ShoppingCartOutlined style={{ fontSize: 48 }} />} description={t('cart.empty')} />
            ) : (
              <Space direction="vertical" style={{ width: '100%' }}>
                <Table
                  size="small"
                  rowKey={(l) => l.product.id}
                  pagination={false}
                  dataSource={lines.map((l, i) => ({ ...l, amounts: priced.lines[i]! }))}
                  columns={[
                    { title: t('fields.name'), render: (_, l) => localName(l.product, i18n.language) },
                    {
                      title: t('cart.qty'),
                      width: 110,
                      render: (_, l) => <InputNumber size="small" min={1} max={Math.max(1, l.product.stock)} value={l.qty} onChange={(v) => setQty(l.product.id, v ?? 1)} />,
                    },
                    { title: t('invoices.total'), render: (_, l) => formatMoney(l.amounts.gross, i18n.language) },
                    {
                      width: 50,
                      render: (_, l) => (
                        <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('actions.delete')} onClick={() => {
                            setCoupon(null);
                            setLines(lines.filter((x) => x.product.id !== l.product.id));
                          }} />
                      ),
                    },
                  ]}
                />
                <Space.Compact style={{ width: '100%' }}>
                  <Input placeholder={t('cart.coupon')} value={code} onChange={(e) => setCode(e.target.value)} onPressEnter={() => void applyCoupon()} dir="ltr" data-testid="coupon-code" />
                  <Button onClick={() => void applyCoupon()} loading={checking.isLoading} disabled={!code} data-testid="coupon-apply">
                    {t('cart.applyCoupon')}
                  </Button>
                </Space.Compact>
                <Descriptions size="small" column={1} bordered>
                  <Descriptions.Item label={t('cart.subtotal')}>{formatMoney(priced.gross, i18n.language)}</Descriptions.Item>
                  {priced.discount > 0 && <Descriptions.Item label={t('cart.discount', { code: coupon?.code })}>− {formatMoney(priced.discount, i18n.language)}</Descriptions.Item>}
                  <Descriptions.Item label={t('invoices.vat')}>{formatMoney(priced.vat, i18n.language)}</Descriptions.Item>
                  <Descriptions.Item label={<Typography.Text strong>{t('cart.payable')}</Typography.Text>}>
                    <Typography.Text strong data-testid="cart-payable">
                      {formatMoney(priced.payable, i18n.language)}
                    </Typography.Text>
                  </Descriptions.Item>
                </Descriptions>
                <Row gutter={8}>
                  <Col span={8}>
                    <InputNumber addonBefore={t('cart.cash')} min={0} precision={2} value={cash} onChange={setCash} style={{ width: '100%' }} data-testid="pay-cash" />
                  </Col>
                  <Col span={8}>
                    <InputNumber addonBefore={t('cart.card')} min={0} precision={2} value={card} onChange={setCard} style={{ width: '100%' }} />
                  </Col>
                  <Col span={8}>
                    <Input placeholder={t('cart.cardRef')} value={cardRef} onChange={(e) => setCardRef(e.target.value)} disabled={!card} dir="ltr" />
                  </Col>
                </Row>
                <Typography.Text type={change < 0 ? 'danger' : 'success'} data-testid="cart-change">
                  {change < 0 ? t('cart.due', { amount: formatMoney(-change, i18n.language) }) : t('cart.change', { amount: formatMoney(change, i18n.language) })}
                </Typography.Text>
                <Button type="primary" size="large" block disabled={change < 0 || (toMinor(card) > 0 && !cardRef) || (ownBranch === null && branchId === null)} loading={selling.isLoading} onClick={() => void complete()} data-testid="cart-complete">
                  {t('cart.complete')}
                </Button>
              </Space>
            )}
          </Card>
        </Col>
      </Row>
    </div>
  );
}
