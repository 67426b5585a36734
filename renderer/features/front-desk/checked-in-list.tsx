import { Button, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Visit } from '../../../shared/api/frontdesk';
import { NO_BRANCH_ID } from '../../../shared/domain/constants';
import { api } from '../../api/base';
import { useAbility } from '../../store/ability';
import { ListHeader, usePaging } from '../../components/ui/list-screen';
import { formatDateTime } from '../../components/format/dates';
import { localName } from '../../components/format/names';
import { KidFlags } from '../../components/domain/parents/kid-flags';
import { useCheckout } from './overtime-due';
import { VisitTimer } from '../../components/domain/visit-timer';
import { Ltr } from '../../components/ui/ltr';

/** Kids inside now with their time running; scan a badge to find one, check out (the list reloads). */
export function CheckedInList(props: {
  branchId: number | null;
  openKid: (id: number) => void;
  goToTill: (kidIds: number[]) => void;
}) {
  const { t, i18n } = useTranslation();
  const ability = useAbility();
  const list = usePaging({ page: 1, perPage: 10 });
  const { data, isFetching } = api.useCheckedInListQuery({ ...list.query, branch_id: props.branchId ?? NO_BRANCH_ID });
  const leaving = useCheckout(props.goToTill);

  return (
    <div data-testid="checked-in">
      <ListHeader
        level={2}
        title={t('desk.insideTitle', { count: data?.total ?? 0 })}
        searchPlaceholder={t('desk.findInside')}
        onSearch={list.search}
      />
      <Table<Visit>
        rowKey="id"
        loading={isFetching && !data}
        dataSource={data?.rows}
        locale={{ emptyText: t('desk.nobodyInside') }}
        pagination={list.pagination(data?.total)}
        columns={[
          {
            title: t('subscriptions.kid'),
            render: (_, s) => (
              <Space size={4} wrap>
                <Typography.Link onClick={() => props.openKid(s.kid_id)}>
                  {localName({ name_en: s.kid_name_en, name_ar: s.kid_name_ar }, i18n.language)}
                </Typography.Link>
                <KidFlags kid={s} />
              </Space>
            ),
          },
          {
            title: t('desk.parent'),
            render: (_, s) => (
              <Space direction="vertical" size={0}>
                {localName({ name_en: s.parent_name_en, name_ar: s.parent_name_ar }, i18n.language)}
                <Typography.Text type="secondary">
                  <Ltr>{s.mobile}</Ltr>
                </Typography.Text>
              </Space>
            ),
          },
          {
            title: t('desk.badge'),
            dataIndex: 'badge',
            render: (v: string) => (
              <Tag>
                <Ltr>{v}</Ltr>
              </Tag>
            ),
          },
          {
            title: t('desk.since'),
            dataIndex: 'checkin_at',
            render: (v: string) => formatDateTime(v, i18n.language, 'short'),
          },
          { title: t('desk.time'), render: (_, s) => <VisitTimer visit={s} /> },
          {
            title: t('actions.title'),
            render: (_, s) =>
              ability.can('update', 'FrontDesk') && (
                <Popconfirm
                  title={t('desk.confirmCheckout', {
                    kid: localName({ name_en: s.kid_name_en, name_ar: s.kid_name_ar }, i18n.language),
                  })}
                  okText={t('desk.checkout')}
                  cancelText={t('actions.cancel')}
                  okButtonProps={{ loading: leaving.pending, 'data-testid': 'checkout-confirm' }}
                  onConfirm={() => leaving.checkout([s.kid_id])}
                >
                  <Button size="small" icon={<LogoutOutlined />} data-testid={`inside-checkout-${s.kid_id}`}>
                    {t('desk.checkout')}
                  </Button>
                </Popconfirm>
              ),
          },
        ]}
      />
      {leaving.dialog}
    </div>
  );
}
