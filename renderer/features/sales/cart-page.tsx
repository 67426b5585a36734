import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { Button, Card, Col, Empty, InputNumber, Row, Space, Typography, type GetRef } from 'antd';
import { ShoppingCartOutlined } from '@ant-design/icons';
import { skipToken } from '@reduxjs/toolkit/query';
import { useTranslation } from 'react-i18next';
import type { ApiFailure } from '../../../shared/api/envelope';
import type { RequestOf } from '../../../shared/api/catalogue';
import type { PendingCommand } from '../../../shared/ipc';
import { bridge } from '../../bridge';
import { api } from '../../api/base';
import { PageTitle } from '../../components/ui/page-title';
import { ShiftBar } from './shift-bar';
import { LookupSelect } from '../../components/ui/lookup-select';
import { useStationBranch } from '../../store/station';
import { NoVatNumberWarning } from './no-vat-number-warning';
import { useAppSelector } from '../../store/store';
import { useAbility } from '../../store/ability';
import { localName } from '../../components/format/names';
import { useNotify } from '../../components/hooks/use-notify';
import { useSubmit } from '../../components/hooks/use-submit';
import { useShortcut } from '../../components/hooks/use-shortcut';
import {
  cartReducer,
  cartTotals,
  emptyCart,
  packageWithoutKids,
  payment,
  saleRequest,
  whyNotComplete,
  type TillContext,
} from './cart';
import { CartLines } from './cart-lines';
import { ParentPicker } from './parent-picker';
import { SaleDone } from './sale-done';
import { PendingSale } from './pending-sale';
import { TillCatalogue } from './till-catalogue';
import { ShiftNeeded } from './shift-needed';
import { CouponEntry } from './coupon-entry';
import { CartTotals } from './cart-totals';
import { CartPayment } from './cart-payment';

/**
 * The till: pick the parent, add products (Enter adds the first match) and packages with the kids
 * they are for, apply a coupon, take cash and/or card. Totals use the server's own rule, so what is
 * shown is what is charged. What the cart holds and its rules are `cart.ts`; this wires it to the server.
 */
export function CartPage({ overtimeKids }: { overtimeKids: number[] }) {
  const { t, i18n } = useTranslation();
  const ability = useAbility();
  const notify = useNotify();
  const submit = useSubmit();
  const { data: taxes } = api.useTaxListQuery();
  const [cart, dispatch] = useReducer(cartReducer, emptyCart);
  const { parent, lines, done } = cart;
  const { data: kids } = api.useSaleKidsListQuery(parent ? { parent_ids: [parent.id] } : skipToken);
  // An administrator without a branch of their own sells in the station's branch, or picks one here.
  const ownBranch = useAppSelector((st) => st.auth.user?.branch_id ?? null);
  const station = useStationBranch();
  const { data: branches } = api.useBranchListQuery();
  const branchId = cart.branch ?? station;
  const [checkCoupon, checking] = api.useLazySaleCouponQuery();
  const [sell, selling] = api.useSaleCreateMutation();
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
  const { data: owed } = api.useVisitBillingBulkQuery(
    overtimeKids.length ? { kids: overtimeKids.join(',') } : skipToken,
  );
  useEffect(() => {
    if (!owed?.bills.length) return;
    const first = owed.bills[0]!;
    const payer = {
      id: first.parent_id,
      name_en: first.parent_name_en,
      name_ar: first.parent_name_ar,
      mobile: first.mobile,
    };
    dispatch({ type: 'overtimeBrought', bills: owed.bills, parent: payer });
  }, [owed]);

  const priced = useMemo(
    () => cartTotals(cart, (taxId) => taxes?.find((x) => x.id === taxId)?.rate_bp ?? 0),
    [cart, taxes],
  );
  const { change } = payment(cart, priced.payable);
  const till: TillContext = { ownBranch, branchId, pending: pending !== null };
  const why = whyNotComplete(cart, change, till);

  const applyCoupon = async () => {
    const result = await checkCoupon({ coupon: cart.code, cart_total: priced.gross });
    if (result.data === undefined) return notify.error((result.error as ApiFailure).message);
    const { data: coupon, message } = result.data;
    dispatch({
      type: 'couponApplied',
      coupon: { code: cart.code, coupon_id: coupon.coupon_id, discount: coupon.discount },
    });
    notify.success(message);
  };

  /** Sends the sale; the station keeps its key until the server answers, so sending it again sells once. */
  const record = async (body: RequestOf<'sale/sale/create'>) => {
    const outcome = await sell(body);
    await refreshPending();
    if ('error' in outcome && (outcome.error as Partial<ApiFailure>).message === 'SHIFT_NOT_OPEN') {
      dispatch({ type: 'shiftRefused' });
      return null;
    }
    return submit(Promise.resolve(outcome));
  };

  const shiftOpened = () => {
    dispatch({ type: 'shiftOpened' });
    completeButton.current?.focus();
  };

  const finishPending = async () => {
    const sale = pending && (await record(pending.body as RequestOf<'sale/sale/create'>));
    if (sale) dispatch({ type: 'sold', sale, kids: kids ?? [] });
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
    if (packageWithoutKids(cart)) return notify.error('NO_KID_SELECTED');
    const sale = await record(saleRequest(cart, till));
    if (sale) dispatch({ type: 'sold', sale, kids: kids ?? [] });
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
                onChange={(v) => dispatch({ type: 'branchPicked', branch: v ?? null })}
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
            onProduct={(product) => dispatch({ type: 'productAdded', product })}
            onPackage={(pkg) => dispatch({ type: 'packageAdded', pkg })}
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
              {ability.can('view', 'FrontDesk') && (
                <ParentPicker
                  value={parent}
                  onChange={(picked) => dispatch({ type: 'parentPicked', parent: picked })}
                />
              )}
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
                    onQty={(key, qty) => dispatch({ type: 'qtyChanged', key, qty })}
                    onKids={(key, picked) => dispatch({ type: 'kidsChanged', key, kids: picked })}
                    onRemove={(key) => dispatch({ type: 'lineRemoved', key })}
                  />
                  <CouponEntry
                    code={cart.code}
                    onCode={(code) => dispatch({ type: 'codeTyped', code })}
                    onApply={() => void applyCoupon()}
                    checking={checking.isFetching}
                  />
                  <CartTotals priced={priced} couponCode={cart.coupon?.code} />
                  <CartPayment cart={cart} dispatch={dispatch} change={change} cashInput={cashInput} onEnter={pay} />
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
                  {cart.shiftNeeded && (
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
