import { Button, Card, Empty, Space, Typography } from 'antd';
import { LoginOutlined, LogoutOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../components/format/numbers';
import type { ResponseOf } from '../../../shared/api/catalogue';
import { api } from '../../api/base';
import { localName } from '../../components/format/names';
import { useSubmit } from '../../components/hooks/use-submit';
import { useSupervisorSignOut } from './use-supervisor-sign-out';

type State = ResponseOf<'room/supervisor'>;

/** The rooms this supervisor may work, each with how full it is: one tap logs into it. */
export function RoomChoice({ state, onChosen }: { state: State; onChosen: () => void }) {
  const { t, i18n } = useTranslation();
  const { data: rooms, isLoading } = api.useSupervisorRoomListQuery();
  const [login, logging] = api.useSupervisorLoginMutation();
  const submit = useSubmit();
  const signOut = useSupervisorSignOut();
  const number = (n: number) => formatCount(n, i18n.language);
  return (
    <Card
      title={t('supervisor.hello', { name: localName(state.supervisor, i18n.language) })}
      extra={
        <Button icon={<LogoutOutlined />} onClick={() => void signOut()} data-testid="supervisor-signout">
          {t('supervisor.signOut')}
        </Button>
      }
    >
      <Typography.Title level={1} className="pd-supervisor-heading">
        {t('supervisor.chooseRoom')}
      </Typography.Title>
      {!isLoading && rooms?.length === 0 && <Empty description={t('supervisor.noRooms')} />}
      <Space wrap size="large">
        {rooms?.map((room) => {
          const full = room.capacity !== null && room.inside >= room.capacity;
          return (
            <Button
              key={room.id}
              size="large"
              className="pd-room-choice"
              type={state.room?.id === room.id ? 'primary' : 'default'}
              icon={<LoginOutlined />}
              loading={logging.isLoading && logging.originalArgs?.room_id === room.id}
              onClick={async () => {
                if (await submit(login({ room_id: room.id }))) onChosen();
              }}
              data-testid={`supervisor-room-${room.id}`}
            >
              <span className="pd-room-choice-name">{localName(room, i18n.language)}</span>
              <span className={full ? 'pd-room-choice-count pd-full' : 'pd-room-choice-count'}>
                {room.capacity === null
                  ? t('supervisor.kidsInside', { count: room.inside, n: number(room.inside) })
                  : t('rooms.ofCapacity', { inside: number(room.inside), capacity: number(room.capacity) })}
              </span>
            </Button>
          );
        })}
      </Space>
    </Card>
  );
}
