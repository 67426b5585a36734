import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Descriptions,
  Empty,
  Input,
  List,
  Space,
  Tag,
  Typography,
  type InputRef,
} from 'antd';
import { LoginOutlined, LogoutOutlined } from '@ant-design/icons';
import { skipToken } from '@reduxjs/toolkit/query';
import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '../../../shared/api/catalogue';
import { mayOverrideBan } from '../../../shared/permissions';
import { api } from '../../api/base';
import { useAbility } from '../../store/ability';
import { useAppSelector } from '../../store/store';
import { localName } from '../../components/format/names';
import { useNotify } from '../../components/hooks/use-notify';
import { useSubmit } from '../../components/hooks/use-submit';
import { KidFlags } from '../../components/domain/parents/kid-flags';
import { SubscriptionStatusTag } from '../../components/domain/subscriptions/subscription-status-tag';
import { OtpCheck } from './otp-check';
import { useCheckout } from './overtime-due';
import { Ltr } from '../../components/ui/ltr';

type FoundParent = ResponseOf<'parent/search'>[number];

/**
 * One family at the counter: verify the parent by code, tick the kids (all who are out are ticked),
 * scan a badge — the scanner's Enter checks them in — or check out those inside.
 */
export function ParentPanel(props: {
  parent: FoundParent;
  branchId: number | null;
  openKid: (id: number) => void;
  goToTill: (kidIds: number[]) => void;
  /** Counts the times the family was taken from the search: each puts the focus on the next step. */
  served: number;
  /** A family just registered: their mobile is verified first, so the focus starts on Send code. */
  verifyFirst: boolean;
  /** A check-in or check-out is done: the focus goes back to the search for the next family. */
  done: () => void;
}) {
  const { parent, branchId, openKid, goToTill, served, verifyFirst, done } = props;
  const { t, i18n } = useTranslation();
  const ability = useAbility();
  const submit = useSubmit();
  const notify = useNotify();
  const ownBranch = useAppSelector((st) => st.auth.user?.branch_id ?? null);
  const outside = parent.kids.filter((k) => !k.session);
  const inside = parent.kids.filter((k) => k.session);
  const [picked, setPicked] = useState<number[]>(outside.filter((k) => !k.banned).map((k) => k.id));
  const [badge, setBadge] = useState('');
  const [overrideBanned, setOverrideBanned] = useState(false);
  const badgeInput = useRef<InputRef>(null);
  const firstCheckout = useRef<HTMLButtonElement | HTMLAnchorElement>(null);
  const sendCode = useRef<HTMLButtonElement>(null);
  const { data: plans } = api.useSaleKidsListQuery(
    ability.can('view', 'Sales') ? { parent_ids: [parent.id] } : skipToken,
  );
  const [checkin, checkingIn] = api.useKidsCheckinMutation();
  const leaving = useCheckout(goToTill, done);

  // A new family: the kids who are out are ticked, and the badge field waits for the scanner.
  useEffect(() => {
    setPicked(parent.kids.filter((k) => !k.session && !k.banned).map((k) => k.id));
    setBadge('');
  }, [parent.id]); // eslint-disable-line react-hooks/exhaustive-deps -- only when the family changes
  // Kids out: the badge field waits for the scanner; all inside: their check-out is one Enter away.
  const focusNextStep = () => {
    if (badgeInput.current) badgeInput.current.focus();
    else firstCheckout.current?.focus();
  };
  useEffect(() => {
    if (verifyFirst && sendCode.current) sendCode.current.focus();
    else focusNextStep();
  }, [served]); // eslint-disable-line react-hooks/exhaustive-deps -- each time the family is taken

  // A kid who has just come back out (checked out) is ticked again, ready for the next check-in.
  const outsideIds = outside.map((k) => k.id).join(',');
  const lastOutside = useRef(outside.map((k) => k.id));
  useEffect(() => {
    const back = outside.filter((k) => !k.banned && !lastOutside.current.includes(k.id)).map((k) => k.id);
    lastOutside.current = outside.map((k) => k.id);
    if (back.length) setPicked((current) => [...new Set([...current, ...back])]);
  }, [outsideIds]); // eslint-disable-line react-hooks/exhaustive-deps -- only when who is out changes

  const pickedBanned = parent.kids.some((k) => picked.includes(k.id) && k.banned);
  // Why the check-in cannot run now (null: it can), shown beside the button and said when Enter is pressed.
  const why =
    ownBranch === null && branchId === null
      ? 'station.whyBranch'
      : picked.length === 0
        ? 'desk.whyKids'
        : pickedBanned && !overrideBanned
          ? 'desk.whyBanned'
          : badge.trim() === ''
            ? 'desk.whyBadge'
            : null;
  const doCheckin = async () => {
    if (why) return notify.why(t(why));
    const checkedIn = await submit(
      checkin({
        parent_id: parent.id,
        badge: badge.trim(),
        kidsList: picked,
        override_banned: overrideBanned,
        branch_id: ownBranch ? null : branchId,
      }),
    );
    if (checkedIn) {
      setBadge('');
      setPicked([]);
      done();
    } else badgeInput.current?.select();
  };
  const plan = (kidId: number) => plans?.find((k) => k.id === kidId)?.subscription ?? null;

  return (
    <Card
      size="small"
      title={
        <Space>
          {localName(parent, i18n.language)}
          <Typography.Text type="secondary">
            <Ltr>{parent.mobile}</Ltr>
          </Typography.Text>
        </Space>
      }
      extra={
        ability.can('create', 'FrontDesk') && (
          <OtpCheck key={parent.id} parent={parent} branchId={branchId} sendRef={sendCode} onApproved={focusNextStep} />
        )
      }
      data-testid="parent-panel"
    >
      {parent.kids.length === 0 ? (
        <Empty description={t('cart.noKids')} />
      ) : (
        <List
          dataSource={parent.kids}
          renderItem={(kid) => {
            const sub = plan(kid.id);
            return (
              <List.Item
                actions={
                  kid.session
                    ? [
                        <Button
                          key="out"
                          ref={kid.id === inside[0]?.id ? firstCheckout : undefined}
                          size="small"
                          icon={<LogoutOutlined />}
                          loading={leaving.pending}
                          onClick={() => void leaving.checkout([kid.id])}
                          data-testid={`desk-checkout-${kid.id}`}
                        >
                          {t('desk.checkout')}
                        </Button>,
                      ]
                    : []
                }
              >
                <Space wrap>
                  {kid.session ? (
                    <Tag color="blue">
                      {t('desk.inside')} · <Ltr>{kid.session.badge}</Ltr>
                    </Tag>
                  ) : (
                    <Checkbox
                      checked={picked.includes(kid.id)}
                      onChange={(e) =>
                        setPicked(e.target.checked ? [...picked, kid.id] : picked.filter((id) => id !== kid.id))
                      }
                      data-testid={`desk-kid-${kid.id}`}
                    />
                  )}
                  <Typography.Link onClick={() => openKid(kid.id)}>{localName(kid, i18n.language)}</Typography.Link>
                  <KidFlags kid={kid} />
                  {sub && <SubscriptionStatusTag status={sub.status} />}
                </Space>
              </List.Item>
            );
          }}
        />
      )}
      {outside.length > 0 && ability.can('create', 'FrontDesk') && (
        <Space direction="vertical" style={{ width: '100%', marginTop: 12 }}>
          {pickedBanned && (
            <Alert
              type="error"
              showIcon
              title={t('errors:KID_BANNED')}
              action={
                mayOverrideBan(ability) && (
                  <Checkbox
                    checked={overrideBanned}
                    onChange={(e) => setOverrideBanned(e.target.checked)}
                    data-testid="desk-override"
                  >
                    {t('desk.letIn')}
                  </Checkbox>
                )
              }
            />
          )}
          <Descriptions size="small" column={1}>
            <Descriptions.Item label={t('desk.badge')}>
              <Space.Compact style={{ width: '100%' }}>
                <Input
                  ref={badgeInput}
                  dir="ltr"
                  autoComplete="off"
                  placeholder={t('desk.scanBadge')}
                  value={badge}
                  onChange={(e) => setBadge(e.target.value)}
                  // A scanner types the badge and presses Enter: that checks the ticked kids in.
                  onPressEnter={() => void doCheckin()}
                  data-testid="desk-badge"
                />
                <Button
                  type="primary"
                  icon={<LoginOutlined />}
                  disabled={why !== null}
                  loading={checkingIn.isLoading}
                  onClick={() => void doCheckin()}
                  data-testid="desk-checkin"
                >
                  {t('desk.checkin', { count: picked.length })}
                </Button>
              </Space.Compact>
              {why && (
                <Typography.Text type="secondary" data-testid="desk-checkin-why">
                  {t(why)}
                </Typography.Text>
              )}
            </Descriptions.Item>
          </Descriptions>
        </Space>
      )}
      {inside.length > 1 && (
        <Button
          block
          style={{ marginTop: 8 }}
          icon={<LogoutOutlined />}
          onClick={() => void leaving.checkout(inside.map((k) => k.id))}
          data-testid="desk-checkout-all"
        >
          {t('desk.checkoutAll', { count: inside.length })}
        </Button>
      )}
      {leaving.dialog}
    </Card>
  );
}
