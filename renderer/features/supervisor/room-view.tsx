import { useRef, useState } from 'react';
import { App, Button, Card, Dropdown, Empty, Input, Popconfirm, Progress, Space, Tag, Typography } from 'antd';
import { Dialog } from '../../components/ui/dialog';
import type { InputRef } from 'antd';
import { ExportOutlined, LogoutOutlined, ScanOutlined, SwapOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../components/format/numbers';
import type { ResponseOf } from '../../../shared/api/catalogue';
import type { ApiFailure } from '../../../shared/api/envelope';
import type { RoomKid } from '../../../shared/api/supervisor';
import { ageOn } from '../../../shared/domain/room';
import { dayIn } from '../../../shared/domain/time-zone';
import { api } from '../../api/base';
import { KidPhoto } from '../../components/domain/kid-photo';
import { KidFlags } from '../../components/domain/parents/kid-flags';
import { VisitTimer } from '../../components/domain/visit-timer';
import { localName } from '../../components/format/names';
import { clock, useNow } from '../../components/hooks/use-now';
import { useNotify } from '../../components/hooks/use-notify';
import { useSubmit } from '../../components/hooks/use-submit';
import { useSupervisorSignOut } from './use-supervisor-sign-out';
import { useKeepAwake } from '../../components/hooks/keep-awake';
import { RoomChat } from './room-chat';

type State = ResponseOf<'room/supervisor'>;
type Room = NonNullable<State['room']>;
/** A room a kid can be sent to: this one or another of the supervisor's. */
type Door = ResponseOf<'room/supervisor/roomlist'>[number];
type Scanned = ResponseOf<'supervisor/badge'>[number];

/**
 * The room at its door: the kids inside with their photo, flags and time, the count against the
 * capacity, and a scan box always ready for the next wristband.
 */
export function RoomView({ state, onSwitch }: { state: State & { room: Room }; onSwitch: () => void }) {
  const { t, i18n } = useTranslation();
  const { room, kids } = state;
  useKeepAwake();
  const scanBox = useRef<InputRef>(null);
  const [typed, setTyped] = useState('');
  const refocus = () => setTimeout(() => scanBox.current?.focus(), 0);
  const signOut = useSupervisorSignOut();
  const enter = useEnterRoom(room, refocus);
  const number = (n: number) => formatCount(n, i18n.language);
  const full = room.capacity !== null && room.inside >= room.capacity;

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card>
        <div className="pd-room-head">
          <div>
            <Typography.Title level={1} style={{ margin: 0 }} data-testid="room-view-name">
              {localName(room, i18n.language)}
            </Typography.Title>
            <Typography.Text type="secondary">
              {t('supervisor.signedInAs', { name: localName(state.supervisor, i18n.language) })}
            </Typography.Text>
          </div>
          <div className="pd-room-count" data-testid="room-view-count" aria-live="polite">
            <span className={full ? 'pd-full' : undefined}>
              {room.capacity === null
                ? t('supervisor.kidsInside', { count: room.inside, n: number(room.inside) })
                : t('rooms.ofCapacity', { inside: number(room.inside), capacity: number(room.capacity) })}
            </span>
            {room.capacity !== null && (
              <Progress
                percent={Math.round((100 * room.inside) / room.capacity)}
                showInfo={false}
                status={full ? 'exception' : 'normal'}
                aria-label={t('rooms.inside')}
              />
            )}
            {full && <Tag color="red">{t('supervisor.full')}</Tag>}
          </div>
          <Space wrap>
            <RoomChat />
            <Button size="large" icon={<SwapOutlined />} onClick={onSwitch} data-testid="room-switch">
              {t('supervisor.switchRoom')}
            </Button>
            <Button
              size="large"
              icon={<LogoutOutlined />}
              onClick={() => void signOut()}
              data-testid="supervisor-signout"
            >
              {t('supervisor.signOut')}
            </Button>
          </Space>
        </div>
        <Input.Search
          ref={scanBox}
          autoFocus
          size="large"
          dir="ltr"
          className="pd-room-scan"
          prefix={<ScanOutlined />}
          placeholder={t('supervisor.scan')}
          aria-label={t('supervisor.scan')}
          enterButton={t('supervisor.letIn')}
          loading={enter.busy}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onSearch={(badge, _event, info) => {
            if (info?.source === 'clear' || !badge.trim()) return;
            // Emptied at once: the next band is scanned into a clear box.
            setTyped('');
            void enter.scan(badge.trim());
          }}
          data-testid="room-scan"
        />
      </Card>
      {kids.length === 0 ? (
        <Card>
          <Empty description={t('supervisor.empty')} />
        </Card>
      ) : (
        <div className="pd-room-kids" data-testid="room-kids">
          {kids.map((kid) => (
            <RoomKidCard key={kid.kid_id} kid={kid} room={room} onMove={enter.move} onDone={refocus} />
          ))}
        </div>
      )}
      {enter.choosing && (
        <Dialog
          open
          title={t('supervisor.whichKid')}
          footer={null}
          onCancel={() => {
            enter.setChoosing(null);
            refocus();
          }}
        >
          <Space orientation="vertical" style={{ width: '100%' }}>
            {enter.choosing.map((kid) => (
              <Button
                key={kid.kid_id}
                block
                size="large"
                disabled={kid.room_id === room.id}
                onClick={() => {
                  enter.setChoosing(null);
                  void enter.letIn(kid, room, kid.badge);
                }}
                data-testid={`room-choose-${kid.kid_id}`}
              >
                {localName({ name_en: kid.kid_name_en, name_ar: kid.kid_name_ar }, i18n.language)}
              </Button>
            ))}
          </Space>
        </Dialog>
      )}
    </Space>
  );
}

/** A scan or a move: the kid in, asking first when the kid is outside the room's ages. */
function useEnterRoom(room: Room, refocus: () => void) {
  const { t, i18n } = useTranslation();
  const { modal } = App.useApp();
  const notify = useNotify();
  const submit = useSubmit();
  const [find, finding] = api.useLazySupervisorBadgeQuery();
  const [checkin, checking] = api.useSupervisorCheckinMutation();
  const [choosing, setChoosing] = useState<Scanned[] | null>(null);

  /** `badge`: the band scanned, which the server checks is the kid's; a move from the room has none. */
  const letIn = async (
    kid: Pick<Scanned, 'kid_id' | 'kid_name_en' | 'kid_name_ar' | 'birth_date'>,
    to: Door,
    badge?: string,
  ) => {
    const name = localName({ name_en: kid.kid_name_en, name_ar: kid.kid_name_ar }, i18n.language);
    const request = { kid_id: kid.kid_id, room_id: to.id, badge };
    // A kid who was in another room has moved: said so, with where to.
    const tell = (outcome: Awaited<ReturnType<typeof checkin>>) =>
      submit(Promise.resolve(outcome), {
        text:
          outcome.data?.data.moved_from == null
            ? undefined
            : t('supervisor.moved', { name, room: localName(to, i18n.language) }),
      });
    const first = await checkin(request);
    const failure = 'error' in first ? (first.error as Partial<ApiFailure>) : null;
    if (failure?.message === 'KID_AGE_OUT_OF_RANGE') {
      // The server counts the age on the branch's calendar day: the question says the same age.
      const age = ageOn(kid.birth_date, dayIn(room.time_zone));
      const agreed = await modal.confirm({
        title: t('supervisor.ageTitle'),
        content: t('supervisor.ageQuestion', {
          name,
          age: formatCount(age ?? 0, i18n.language),
          min: formatCount(to.min_age ?? 0, i18n.language),
          max: to.max_age === null ? '+' : formatCount(to.max_age, i18n.language),
        }),
        okText: t('supervisor.letInAnyway'),
        cancelText: t('actions.cancel'),
      });
      if (agreed) await tell(await checkin({ ...request, accept_age: true }));
    } else {
      await tell(first);
    }
    refocus();
  };

  const scan = async (badge: string) => {
    const result = await find({ badge });
    if (result.data === undefined) {
      await submit(Promise.resolve({ error: result.error }));
      return refocus();
    }
    const found = result.data;
    const outside = found.filter((k) => k.room_id !== room.id);
    if (found.length === 0) notify.why(t('supervisor.unknownBand', { badge }));
    else if (outside.length === 0) notify.why(t('supervisor.alreadyHere'));
    else if (outside.length === 1) return letIn(outside[0]!, room, badge);
    else setChoosing(found);
    refocus();
  };

  const move = (kid: RoomKid, to: Door) => letIn(kid, to);
  return { scan, letIn, move, choosing, setChoosing, busy: finding.isFetching || checking.isLoading };
}

function RoomKidCard({
  kid,
  room,
  onMove,
  onDone,
}: {
  kid: RoomKid;
  room: Room;
  onMove: (kid: RoomKid, to: Door) => Promise<void>;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const now = useNow();
  const { data: rooms } = api.useSupervisorRoomListQuery();
  const [checkout, leaving] = api.useSupervisorCheckoutMutation();
  const submit = useSubmit();
  const name = localName({ name_en: kid.kid_name_en, name_ar: kid.kid_name_ar }, i18n.language);
  const others = (rooms ?? []).filter((r) => r.id !== room.id);
  return (
    <Card className="pd-room-kid" size="small" data-testid={`room-kid-${kid.kid_id}`}>
      <div className="pd-room-kid-body">
        <KidPhoto kid={{ id: kid.kid_id, image: kid.image }} editable={false} size={72} />
        <div className="pd-room-kid-text">
          <Typography.Text strong className="pd-room-kid-name">
            {name}
          </Typography.Text>
          <KidFlags kid={kid} />
          {kid.medical_notes && <Typography.Text className="pd-room-kid-medical">{kid.medical_notes}</Typography.Text>}
          <Space size={4} wrap>
            <Tag dir="ltr">{kid.badge}</Tag>
            <Tag>
              {t('supervisor.inRoomFor')} <span dir="ltr">{clock(now - new Date(kid.room_checkin_at).getTime())}</span>
            </Tag>
            <VisitTimer visit={kid} />
          </Space>
        </div>
      </div>
      <Space className="pd-room-kid-actions" wrap>
        {others.length > 0 && (
          <Dropdown
            trigger={['click']}
            menu={{
              items: others.map((r) => ({ key: String(r.id), label: localName(r, i18n.language) })),
              onClick: ({ key }) =>
                void onMove(
                  kid,
                  others.find((r) => String(r.id) === key)!,
                ),
            }}
          >
            <Button size="large" icon={<ExportOutlined />} data-testid={`room-move-${kid.kid_id}`}>
              {t('supervisor.moveTo')}
            </Button>
          </Dropdown>
        )}
        <Popconfirm
          title={t('supervisor.confirmOut', { name })}
          okText={t('supervisor.checkOut')}
          cancelText={t('actions.cancel')}
          onConfirm={async () => {
            await submit(checkout({ kid_id: kid.kid_id, room_id: room.id }));
            onDone();
          }}
        >
          <Button size="large" danger loading={leaving.isLoading} data-testid={`room-out-${kid.kid_id}`}>
            {t('supervisor.checkOut')}
          </Button>
        </Popconfirm>
      </Space>
    </Card>
  );
}
