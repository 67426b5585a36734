import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../format/dates';
import { localName } from '../format/names';

type Stay = {
  id: number;
  room_name_en: string;
  room_name_ar: string;
  in: string;
  out: string | null;
  /** Who let the kid in (a kid's stays); absent for a supervisor's own sessions. */
  by?: { name_en: string; name_ar: string };
};

/** Times in rooms, newest first, paged: a kid's stays or a supervisor's sessions. */
export function RoomStays(props: {
  stays: Stay[] | undefined;
  total: number | undefined;
  page: number;
  onPage: (page: number) => void;
  loading: boolean;
  empty: string;
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  const when = (v: string) => formatDateTime(v, i18n.language, 'short');
  return (
    <Table<Stay>
      rowKey="id"
      size="small"
      loading={props.loading}
      dataSource={props.stays}
      locale={{ emptyText: props.empty }}
      pagination={{ current: props.page, pageSize: 10, total: props.total, onChange: props.onPage }}
      data-testid={props.testId}
      columns={[
        {
          title: t('rooms.room'),
          render: (_, s) => localName({ name_en: s.room_name_en, name_ar: s.room_name_ar }, i18n.language),
        },
        { title: t('rooms.in'), dataIndex: 'in', render: when },
        {
          title: t('rooms.out'),
          dataIndex: 'out',
          render: (v: string | null) => (v ? when(v) : <Tag color="blue">{t('rooms.stillIn')}</Tag>),
        },
        ...(props.stays?.some((s) => s.by)
          ? [{ title: t('rooms.supervisor'), render: (_: unknown, s: Stay) => s.by && localName(s.by, i18n.language) }]
          : []),
      ]}
    />
  );
}
