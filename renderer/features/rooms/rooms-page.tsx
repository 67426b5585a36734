import { useState } from 'react';
import { Form, InputNumber, Popconfirm, Progress, Space, Table, Tag } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../components/format/numbers';
import type { Room } from '../../../shared/api/rooms';
import { ROOM_AGE_MAX, ROOM_CAPACITY_MAX } from '../../../shared/domain/room';
import { api } from '../../api/base';
import { useAbility } from '../../store/ability';
import { FormModal } from '../../components/ui/form-modal';
import { ListHeader, usePaging } from '../../components/ui/list-screen';
import { LookupSelect } from '../../components/ui/lookup-select';
import { NameFields } from '../../components/ui/name-fields';
import { RowActions } from '../../components/ui/row-actions';
import { localName } from '../../components/format/names';
import { useSubmit } from '../../components/hooks/use-submit';

/** Rooms of the branch (spec 2): who may supervise each, how full each is now. */
export function RoomsPage() {
  const { t, i18n } = useTranslation();
  const ability = useAbility();
  const list = usePaging({ page: 1, perPage: 10 });
  // Not polled: visits_changed reloads it (how full each room is), and each reconnection does once.
  const { data, isFetching } = api.useRoomListAllQuery(list.query);
  const { data: branches } = api.useBranchListQuery();
  const [editing, setEditing] = useState<Room | 'new' | null>(null);
  const [remove] = api.useRoomDeleteMutation();
  const [revoke] = api.useRoomRevokeMutation();
  const submit = useSubmit();
  const name = (item: { name_en: string; name_ar: string }) => localName(item, i18n.language);
  const number = (n: number) => formatCount(n, i18n.language);

  return (
    <div data-testid="rooms-page">
      <ListHeader
        title={t('features.Rooms')}
        searchPlaceholder={t('actions.search')}
        onSearch={list.search}
        add={
          ability.can('create', 'Rooms') && {
            label: t('rooms.add'),
            testId: 'room-add',
            onClick: () => setEditing('new'),
          }
        }
      />
      <Table<Room>
        rowKey="id"
        loading={isFetching}
        dataSource={data?.rows}
        locale={{ emptyText: t('rooms.empty') }}
        pagination={list.pagination(data?.total)}
        columns={[
          { title: t('fields.name'), render: (_, r) => <span data-testid={`room-${r.id}`}>{name(r)}</span> },
          {
            title: t('employees.branch'),
            render: (_, r) => {
              const branch = branches?.find((b) => b.id === r.branch_id);
              return branch ? name(branch) : null;
            },
          },
          {
            title: t('rooms.inside'),
            render: (_, r) =>
              r.capacity === null ? (
                <span data-testid={`room-inside-${r.id}`}>{number(r.inside)}</span>
              ) : (
                <Space data-testid={`room-inside-${r.id}`}>
                  <span>{t('rooms.ofCapacity', { inside: number(r.inside), capacity: number(r.capacity) })}</span>
                  <Progress
                    percent={Math.round((100 * r.inside) / r.capacity)}
                    showInfo={false}
                    size="small"
                    style={{ width: 60 }}
                    status={r.inside >= r.capacity ? 'exception' : 'normal'}
                    aria-label={t('rooms.inside')}
                  />
                </Space>
              ),
          },
          {
            title: t('rooms.ages'),
            render: (_, r) =>
              r.min_age === null && r.max_age === null
                ? t('rooms.anyAge')
                : t('rooms.ageRange', {
                    min: number(r.min_age ?? 0),
                    max: r.max_age === null ? '+' : number(r.max_age),
                  }),
          },
          {
            title: t('rooms.supervisors'),
            render: (_, r) =>
              r.supervisors.length === 0 ? (
                <Tag>{t('rooms.noSupervisors')}</Tag>
              ) : (
                <Space size={[4, 4]} wrap>
                  {r.supervisors.map((s) => (
                    <Tag key={s.id} data-testid={`room-${r.id}-supervisor-${s.id}`}>
                      {name(s)}
                      {ability.can('update', 'Rooms') && (
                        <Popconfirm
                          title={t('rooms.confirmRevoke', { name: name(s), room: name(r) })}
                          okText={t('rooms.revoke')}
                          cancelText={t('actions.cancel')}
                          okButtonProps={{ danger: true }}
                          onConfirm={() => submit(revoke({ room_id: r.id, user_id: s.id }))}
                        >
                          <CloseOutlined
                            role="button"
                            tabIndex={0}
                            aria-label={t('rooms.revokeOf', { name: name(s) })}
                            style={{ marginInlineStart: 4, cursor: 'pointer' }}
                            data-testid={`revoke-${r.id}-${s.id}`}
                          />
                        </Popconfirm>
                      )}
                    </Tag>
                  ))}
                </Space>
              ),
          },
          {
            title: t('actions.title'),
            width: 120,
            render: (_, r) => (
              <RowActions
                onEdit={ability.can('update', 'Rooms') ? () => setEditing(r) : undefined}
                onDelete={ability.can('delete', 'Rooms') ? () => submit(remove({ id: r.id })) : undefined}
                confirmDelete={t('rooms.confirmDelete', { name: name(r) })}
              />
            ),
          },
        ]}
      />
      {editing && <RoomForm room={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </div>
  );
}

type RoomValues = {
  name_en: string;
  name_ar: string;
  branch_id: number | null;
  capacity: number | null;
  min_age: number | null;
  max_age: number | null;
  supervisor_ids: number[];
};

function RoomForm({ room, onClose }: { room: Room | null; onClose: () => void }) {
  const { t } = useTranslation();
  const ability = useAbility();
  const [form] = Form.useForm<RoomValues>();
  const branchId = Form.useWatch('branch_id', form) ?? room?.branch_id ?? null;
  const { data: branches } = api.useBranchListQuery();
  const { data: candidates, isFetching } = api.useRoomSupervisorListQuery({ branch_id: branchId });
  const [create, creating] = api.useRoomCreateMutation();
  const [update, updating] = api.useRoomUpdateMutation();
  const submit = useSubmit();
  const administrator = ability.can('manage', 'all');
  const save = async (values: RoomValues) => {
    const done = await submit(room ? update({ ...values, id: room.id }) : create(values), { form });
    if (done) onClose();
  };
  const initial: Partial<RoomValues> = room
    ? { ...room, supervisor_ids: room.supervisors.map((s) => s.id) }
    : { supervisor_ids: [] };
  return (
    <FormModal
      form={form}
      title={room ? t('rooms.edit') : t('rooms.add')}
      pending={creating.isLoading || updating.isLoading}
      onClose={onClose}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={(v) => void save(v)}
        data-testid="room-form"
      >
        <NameFields />
        {administrator && (
          <Form.Item
            name="branch_id"
            label={t('employees.branch')}
            rules={[{ required: true, message: t('errors:FIELD_REQUIRED') }]}
          >
            <LookupSelect items={branches} data-testid="room-branch" />
          </Form.Item>
        )}
        <Form.Item name="capacity" label={t('rooms.capacity')} extra={t('rooms.capacityHelp')}>
          <InputNumber min={1} max={ROOM_CAPACITY_MAX} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Space.Compact block>
          <Form.Item name="min_age" label={t('rooms.minAge')} style={{ flex: 1 }}>
            <InputNumber min={0} max={ROOM_AGE_MAX} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="max_age"
            label={t('rooms.maxAge')}
            style={{ flex: 1 }}
            dependencies={['min_age']}
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_, max: number | null) => {
                  const min = getFieldValue('min_age') as number | null;
                  if (min !== null && min !== undefined && max !== null && max !== undefined && max < min)
                    throw new Error(t('errors:FIELD_INVALID'));
                },
              }),
            ]}
          >
            <InputNumber min={0} max={ROOM_AGE_MAX} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Space.Compact>
        <Form.Item name="supervisor_ids" label={t('rooms.supervisors')} extra={t('rooms.supervisorsHelp')}>
          <LookupSelect
            mode="multiple"
            items={candidates}
            loading={isFetching}
            disabled={administrator && branchId === null}
            data-testid="room-supervisors"
          />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
