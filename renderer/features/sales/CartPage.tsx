import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button, Card, Col, Descriptions, Empty, Input, InputNumber, Row, Space, Typography, type GetRef } from 'antd';
import { ShoppingCartOutlined } from '@ant-design/icons';
import { skipToken } from '@reduxjs/toolkit/query';
import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '../../../shared/api/catalogue';
import type { ApiFailure } from '../../../shared/api/envelope';
import type { RequestOf } from '../../../shared/api/catalogue';
import type { PendingCommand } from '../../../shared/ipc';
import { bridge } from '../../bridge';
import { priceCart } from '../../../shared/domain/money';
import { useCouponCheckMutation } from '../../api/coupons';
import { useOvertimeBillsQuery } from '../../api/frontdesk';
import { useBranchListQuery, useTaxListQuery } from '../../api/lookups';
import { useTillKidsQuery } from '../../api/parents';
import { useSaleCreateMutation } from '../../api/sales';
import { PageTitle } from '../../components/PageTitle';
import { ShiftBar } from './ShiftBar';
import { LookupSelect } from '../../components/LookupSelect';
import { useStationBranch } from '../../store/station';
import { NoVatNumberWarning } from './NoVatNumberWarning';
import { useAppSelector } from '../../store/store';
import { useAbility } from '../../store/ability';
import { localName } from '../../components/names';
import { formatMoney, toMinor } from '../../components/money';
import { useNotify } from '../../components/useNotify';
import { useSubmit } from '../../components/useSubmit';
import { useShortcut } from '../../components/useShortcut';
import { overtimeVisits, priceInput, toCartItems, type Line } from './cart';
import { CartLines } from './CartLines';
import { ParentPicker, type PickedParent } from './ParentPicker';
import { SaleDone } from './SaleDone';
import { PendingSale } from './PendingSale';
import { TillCatalogue } from './TillCatalogue';
import { ShiftNeeded } from './ShiftNeeded';

type Coupon = { code: string; coupon_id: number; discount: number };
let nextKey = 0;

/**
 * The till: pick the parent, add products (Enter adds the first match) and packages with the kids
 * they are for, apply a coupon, take cash and/or card. Totals use the server's own rule, so what is
 * shown is what is charged.
 */
export function CartPage({ overtimeKids }: { overtimeKids: number[] }) {
  const { t, i18n } = useTranslation();
  const ability = useAbility();
  const notify = useNotify();
  const submit = useSubmit();
  const { data: taxes } = useTaxListQuery();
  const [parent, setParent] = useState<PickedParent | null>(null);
  const { data: kids } = useTillKidsQuery(parent ? { parent_ids: [parent.id] } : skipToken);
  const [lines, setLines] = useState<Line[]>([]);
  const [coupon, setCoupon] = useState<Coupon | null>(null);
  const [code, setCode] = useState('');
  const [cash, setCash] = useState<number | null>(null);
  const [card, setCard] = useState<number | null>(null);
  const [cardRef, setCardRef] = useState('');
  const [done, setDone] = useState<{ sale: ResponseOf<'sale/sale/create'>; kids: NonNullable<typeof kids> } | null>(
    null,
  );
  // An administrator without a branch of their own sells in the station's branch, or picks one here.
  const ownBranch = useAppSelector((st) => st.auth.user?.branch_id ?? null);
  const station = useStationBranch();
  const { data: branches } = useBranchListQuery();
  const [picked, setPicked] = useState<number | null>(null);
  const branchId = picked ?? station;
  const [checkCoupon, checking] = useCouponCheckMutation();
  const [sell, selling] = useSaleCreateMutation();
  // A cash sale refused for want of an open shift: the shift is opened beside the cart, which is kept.
  const [shiftNeeded, setShiftNeeded] = useState(false);
  const completeButton = useRef<HTMLButtonElement>(null);
  // A sale sent whose answer never came (kept by the station across a restart): finish or drop it first.
  const [pending, setPending] = useState<PendingCommand | null>(null);
  const refreshPending = useCallback(
    async () => setPending(await bridge.invoke('pos:pending-get', { name: 'sale/sale/create' })),
    [],
  );
  useEffect(() => {
    void refreshPending();
  }, [refreshPending]);

  // Overtime brought from the front desk (Sales/overtime-<kid ids>) comes in as lines of its own.
  const { data: owed } = useOvertimeBillsQuery(overtimeKids.length ? { kids: overtimeKids.join(',') } : skipToken);
  useEffect(() => {
    if (!owed?.bills.length) return;
    const first = owed.bills[0]!;
    setParent(
      (current) =>
        current ?? {
          id: first.parent_id,
          name_en: first.parent_name_en,
          name_ar: first.parent_name_ar,
          mobile: first.mobile,
        },
    );
    setLines((current) => [
      ...current.filter((l) => l.kind !== 'overtime'),
      ...owed.bills.map((visit): Line => ({ kind: 'overtime', key: `o${visit.id}`, visit })),
    ]);
  }, [owed]);

  const priced = useMemo(() => {
    const inputs = lines.map((l) => priceInput(l, (taxId) => taxes?.find((x) => x.id === taxId)?.rate_bp ?? 0));
    const gross = priceCart(inputs).gross;
    return priceCart(inputs, coupon && coupon.discount <= gross ? coupon.discount : 0);
  }, [lines, coupon, taxes]);
  const paid = toMinor(cash) + toMinor(card);
  const change = paid - priced.payable;
  // Why Complete cannot run now (null: it can), shown under the button.
  const why =
    pending !== null
      ? 'cart.whyPending'
      : ownBranch === null && branchId === null
        ? 'station.whyBranch'
        : change < 0
          ? 'cart.whyDue'
          : toMinor(card) > 0 && !cardRef
            ? 'cart.whyCardRef'
            : null;

  // Any change to the cart drops an applied coupon: its discount was checked against the old total.
  const edit = (next: (current: Line[]) => Line[]) => {
    setDone(null);
    setCoupon(null);
    setLines(next);
  };
  const changeParent = (picked: PickedParent | null) => {
    setParent(picked);
    edit((current) => current.map((l) => (l.kind === 'package' ? { ...l, kids: [] } : l)));
  };

  const applyCoupon = async () => {
    const result = await checkCoupon({ coupon: code, cart_total: priced.gross });
    if ('error' in result) return notify.error((result.error as ApiFailure).message);
    setCoupon({ code, coupon_id: result.data.coupon_id, discount: result.data.discount });
    notify.success('COUPON_APPLIED');
  };

  const sold = (sale: ResponseOf<'sale/sale/create'>, forKids: NonNullable<typeof kids>) => {
    setDone({ sale, kids: forKids });
    setShiftNeeded(false);
    setLines([]);
    setCoupon(null);
    setCode('');
    setCash(null);
    setCard(null);
    setCardRef('');
  };

  /** Sends the sale; the station keeps its key until the server answers, so sending it again sells once. */
  const record = async (body: RequestOf<'sale/sale/create'>) => {
    const outcome = await sell(body);
    await refreshPending();
    if ('error' in outcome && (outcome.error as Partial<ApiFailure>).message === 'SHIFT_NOT_OPEN') {
      setShiftNeeded(true);
      return null;
    }
    return submit(Promise.resolve(outcome), { success: 'SALES_COMPLETED' });
  };

  const shiftOpened = () => {
    setShiftNeeded(false);
    completeButton.current?.focus();
  };

  const finishPending = async () => {
    const sale = pending && (await record(pending.body as RequestOf<'sale/sale/create'>));
    if (sale) sold(sale, kids ?? []);
  };

  const dropPending = async () => {
    await bridge.invoke('pos:pending-drop', { name: 'sale/sale/create' });
    await refreshPending();
  };

  const cashInput = useRef<GetRef<typeof InputNumber>>(null);
  // F9, as on a till's Pay key: completes a sale that is paid for, or else goes to the cash to take.
  const pay = () => {
    if (lines.length === 0 || selling.isLoading) return;
    if (why === null) void complete();
    else cashInput.current?.focus();
  };
  useShortcut('F9', pay);

  const complete = async () => {
    if (lines.some((l) => l.kind === 'package' && l.kids.length === 0)) return notify.error('NO_KID_SELECTED');
    const sale = await record({
      cart: toCartItems(lines),
      bulk_overtime_session_id: overtimeVisits(lines),
      coupon_id: coupon?.coupon_id ?? null,
      salesData: {
        payments: { cash: toMinor(cash), pos: toMinor(card), pos_reference: cardRef || null },
        branch_id: ownBranch ? null : branchId,
      },
      parentInfo: parent ? { parent_id: parent.id } : null,
    });
    if (sale) sold(sale, kids ?? []);
  };

  return (
    <div data-testid="cart-page">
      <PageTitle
        title={t('features.Sales')}
        extra={
          <>
            <ShiftBar />
            {ownBranch === null && (
              <LookupSelect
                items={branches}
                value={branchId ?? undefined}
                onChange={(v) => setPicked(v ?? null)}
                placeholder={t('cart.branch')}
                aria-label={t('cart.branch')}
                style={{ width: 220 }}
                data-testid="cart-branch"
              />
            )}
          </>
        }
      />
      <NoVatNumberWarning branchId={branchId} />
      <Row gutter={16}>
        <Col xs={24} lg={10}>
          <TillCatalogue
            canSellPackages={parent !== null}
            onProduct={(product) =>
              edit((current) => {
                const existing = current.find((l) => l.kind === 'product' && l.item.id === product.id);
                return existing
                  ? current.map((l) => (l === existing && l.kind === 'product' ? { ...l, qty: l.qty + 1 } : l))
                  : [...current, { kind: 'product', key: `l${nextKey++}`, item: product, qty: 1 }];
              })
            }
            onPackage={(pkg) =>
              edit((current) => [...current, { kind: 'package', key: `l${nextKey++}`, item: pkg, kids: [] }])
            }
          />
        </Col>
        <Col xs={24} lg={14}>
          <Card title={t('cart.title')} size="small">
            <Space direction="vertical" style={{ width: '100%' }}>
              {pending && (
                <PendingSale
                  pending={pending}
                  finishing={selling.isLoading}
                  onFinish={() => void finishPending()}
                  onDrop={() => void dropPending()}
                />
              )}
              {ability.can('view', 'FrontDesk') && <ParentPicker value={parent} onChange={changeParent} />}
              {done && (
                <SaleDone
                  sale={done.sale}
                  canText={done.sale.parent_id !== null && ability.can('update', 'Invoices')}
                  kidName={(id) => {
                    const kid = done.kids.find((k) => k.id === id);
                    return kid ? localName(kid, i18n.language) : `#${id}`;
                  }}
                />
              )}
              {lines.length === 0 ? (
                !done && (
                  <Empty image={<ShoppingCartOutlined style={{ fontSize: 48 }} />} description={t('cart.empty')} />
                )
              ) : (
                <>
                  <CartLines
                    lines={lines}
                    amounts={priced.lines}
                    kids={kids}
                    onQty={(key, qty) =>
                      edit((current) => current.map((l) => (l.key === key && l.kind === 'product' ? { ...l, qty } : l)))
                    }
                    onKids={(key, picked) =>
                      edit((current) =>
                        current.map((l) => (l.key === key && l.kind === 'package' ? { ...l, kids: picked } : l)),
                      )
                    }
                    onRemove={(key) => edit((current) => current.filter((l) => l.key !== key))}
                  />
                  <Space.Compact style={{ width: '100%' }}>
                    <Input
                      placeholder={t('cart.coupon')}
                      value={code}
                      onChange={(e) => setCode(e.target.value)}
                      onPressEnter={() => void applyCoupon()}
                      dir="ltr"
                      data-testid="coupon-code"
                    />
                    <Button
                      onClick={() => void applyCoupon()}
                      loading={checking.isLoading}
                      disabled={!code}
                      data-testid="coupon-apply"
                    >
                      {t('cart.applyCoupon')}
                    </Button>
                  </Space.Compact>
                  <Descriptions size="small" column={1} bordered>
                    <Descriptions.Item label={t('cart.subtotal')}>
                      {formatMoney(priced.gross, i18n.language)}
                    </Descriptions.Item>
                    {priced.discount > 0 && (
                      <Descriptions.Item label={t('cart.discount', { code: coupon?.code })}>
                        − {formatMoney(priced.discount, i18n.language)}
                      </Descriptions.Item>
                    )}
                    <Descriptions.Item label={t('invoices.vat')}>
                      {formatMoney(priced.vat, i18n.language)}
                    </Descriptions.Item>
                    <Descriptions.Item label={<Typography.Text strong>{t('cart.payable')}</Typography.Text>}>
                      <Typography.Text strong data-testid="cart-payable">
                        {formatMoney(priced.payable, i18n.language)}
                      </Typography.Text>
                    </Descriptions.Item>
                  </Descriptions>
                  <Row gutter={8}>
                    <Col span={8}>
                      <InputNumber
                        ref={cashInput}
                        addonBefore={t('cart.cash')}
                        aria-label={t('cart.cash')}
                        min={0}
                        precision={2}
                        value={cash}
                        onChange={setCash}
                        onPressEnter={pay}
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
                        value={card}
                        onChange={setCard}
                        onPressEnter={pay}
                        style={{ width: '100%' }}
                        data-testid="pay-card"
                      />
                    </Col>
                    <Col span={8}>
                      <Input
                        placeholder={t('cart.cardRef')}
                        value={cardRef}
                        onChange={(e) => setCardRef(e.target.value)}
                        onPressEnter={pay}
                        disabled={!card}
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
                  <Button
                    type="primary"
                    size="large"
                    block
                    disabled={why !== null}
                    loading={selling.isLoading}
                    onClick={() => void complete()}
                    ref={completeButton}
                    data-testid="cart-complete"
                  >
                    {t('cart.complete')}
                  </Button>
                  {shiftNeeded && (
                    <ShiftNeeded
                      ownBranch={ownBranch}
                      tillBranch={ownBranch ? null : branchId}
                      onOpened={shiftOpened}
                    />
                  )}
                  {why && (
                    <Typography.Text type="secondary" data-testid="cart-complete-why">
                      {t(why)}
                    </Typography.Text>
                  )}
                </>
              )}
            </Space>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
