import { useState } from 'react';
import { Alert, Button, Card, Col, Empty, Flex, Progress, Row, Statistic, Table, Tabs, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Dashboard } from '../../../shared/api/reports';
import { api } from '../../api/base';
import { useAbility } from '../../store/ability';
import { PageTitle } from '../../components/ui/page-title';
import { LookupSelect } from '../../components/ui/lookup-select';
import { BarChart } from '../../components/ui/charts/bar-chart';
import { formatMoney } from '../../components/format/money';
import { formatCount } from '../../components/format/numbers';
import { formatDay } from '../../components/format/dates';
import { localName } from '../../components/format/names';
import { KidVisitsReport, LoginReport, RoomVisitsReport } from './activity-reports';
import { OPENING_BRANCH } from './first-reads';
import './dashboard.css';
import '../../components/domain/printing/a4-page.css';
import { PrinterOutlined } from '@ant-design/icons';
import { usePrintPage } from '../../components/domain/printing/use-print-page';
import { messageText } from '../../i18n/message';
import { Ltr } from '../../components/ui/ltr';
import { OfflineReview } from './offline-review';

type Expiring = Dashboard['expiring']['rows'][number];

/** What a manager opens every morning (spec 2, admin dashboard): the four cards, today at a glance, and three lists. */
export function DashboardPage() {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const ability = useAbility();
  const everyBranch = ability.can('manage', 'all');
  const [branchId, setBranchId] = useState<number | null>(OPENING_BRANCH);
  const { data: branches } = api.useBranchListQuery();
  const { data, error } = api.useAdminDashboardQuery({ branch_id: branchId });
  const lang = i18n.language;
  const money = (n: number) => formatMoney(n, lang, data?.currency);
  const count = (n: number) => formatCount(n, lang);
  const cards = data?.cardData;
  const printing = usePrintPage();

  return (
    <div data-testid="dashboard-page" aria-busy={!data && !error}>
      <PageTitle
        title={t('features.Dashboard')}
        extra={
          <>
            {everyBranch && (
              <LookupSelect
                aria-label={t('dashboard.branch')}
                data-testid="dashboard-branch"
                items={branches}
                value={branchId ?? undefined}
                placeholder={t('dashboard.allBranches')}
                onChange={(v) => setBranchId(v ?? null)}
                style={{ minWidth: 220 }}
              />
            )}
            <Button
              className="no-print"
              icon={<PrinterOutlined />}
              loading={printing.busy === 'print'}
              onClick={() => void printing.run('print', 'dashboard.pdf')}
              data-testid="dashboard-print"
            >
              {t('print.a4')}
            </Button>
          </>
        }
      />
      <div className="print-area">
        {error && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
            title={messageText(t, 'message' in error ? error.message : null)}
          />
        )}
        <OfflineReview count={data?.offlineToReview ?? 0} currency={data?.currency} />
        <Row gutter={[16, 16]}>
          {(
            [
              ['totalKids', count(cards?.totalKids ?? 0)],
              ['chekinKids', count(cards?.chekinKids ?? 0)],
              ['activeEmployee', count(cards?.activeEmployee ?? 0)],
              ['todayRevenue', money(cards?.todayRevenue ?? 0)],
            ] as const
          ).map(([key, value]) => (
            <Col key={key} xs={24} sm={12} xl={6}>
              <Card size="small" data-testid={`card-${key}`}>
                <Statistic title={t(`dashboard.cards.${key}`)} value={value} />
              </Card>
            </Col>
          ))}
          <Col xs={24} xl={14}>
            <Card size="small" title={<h2 className="card-title">{t('dashboard.byHour')}</h2>}>
              {data && data.revenueByHour.every((h) => h.today === 0 && h.lastWeek === 0) ? (
                <Empty description={t('dashboard.noTakings')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
              ) : (
                data && (
                  <BarChart
                    testId="revenue-by-hour"
                    rtl={lang === 'ar'}
                    summary={t('dashboard.byHourSummary', {
                      today: money(data.cardData.todayRevenue),
                      lastWeek: money(data.revenueByHour.reduce((s, h) => s + h.lastWeek, 0)),
                    })}
                    format={money}
                    groups={data.revenueByHour.map((h) => ({ label: count(h.hour), values: [h.today, h.lastWeek] }))}
                    series={[
                      { name: t('dashboard.today'), color: token.colorPrimary },
                      { name: t('dashboard.lastWeek'), color: token.colorTextQuaternary },
                    ]}
                  />
                )
              )}
            </Card>
          </Col>
          <Col xs={24} xl={10}>
            <Card
              size="small"
              title={<h2 className="card-title">{t('dashboard.rooms')}</h2>}
              data-testid="dashboard-rooms"
            >
              {data?.rooms.length ? (
                <Flex vertical gap={8}>
                  {data.rooms.map((room) => (
                    <div key={room.id}>
                      <Flex justify="space-between">
                        <span>{localName(room, lang)}</span>
                        <span>
                          {room.capacity === null
                            ? count(room.inside)
                            : t('rooms.ofCapacity', { inside: count(room.inside), capacity: count(room.capacity) })}
                        </span>
                      </Flex>
                      {room.capacity !== null && (
                        <Progress
                          percent={Math.round((100 * room.inside) / Math.max(1, room.capacity))}
                          showInfo={false}
                          size="small"
                          aria-label={localName(room, lang)}
                        />
                      )}
                    </div>
                  ))}
                </Flex>
              ) : (
                <Empty description={t('dashboard.noRooms')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
              )}
            </Card>
          </Col>
          <Col xs={24} xl={8}>
            <Card
              size="small"
              title={<h2 className="card-title">{t('dashboard.overtime')}</h2>}
              data-testid="dashboard-overtime"
            >
              <Flex gap={24} wrap>
                <Statistic title={t('dashboard.collected')} value={money(data?.overtime.collected ?? 0)} />
                <Statistic
                  title={t('dashboard.forgiven', { count: data?.overtime.forgivenCount ?? 0 })}
                  value={money(data?.overtime.forgivenAmount ?? 0)}
                />
              </Flex>
            </Card>
          </Col>
          <Col xs={24} xl={16}>
            <Card
              size="small"
              title={
                <h2 className="card-title">
                  {t('dashboard.expiring', { count: data?.expiring.count ?? 0, n: count(data?.expiring.count ?? 0) })}
                </h2>
              }
            >
              <Table<Expiring>
                size="small"
                rowKey="subscription_id"
                data-testid="dashboard-expiring"
                pagination={false}
                dataSource={data?.expiring.rows}
                locale={{ emptyText: t('dashboard.noneExpiring') }}
                columns={[
                  {
                    title: t('dashboard.kid'),
                    render: (_, r) => localName({ name_en: r.kid_name_en, name_ar: r.kid_name_ar }, lang),
                  },
                  { title: t('dashboard.mobile'), render: (_, r) => <Ltr>{r.mobile}</Ltr> },
                  { title: t('dashboard.package'), render: (_, r) => localName(r, lang) },
                  { title: t('dashboard.ends'), render: (_, r) => formatDay(r.end_date, lang) },
                ]}
              />
            </Card>
          </Col>
        </Row>
        <Typography.Title level={2} style={{ marginTop: 24 }}>
          {t('dashboard.activity')}
        </Typography.Title>
        <Tabs
          items={[
            { key: 'visits', label: t('dashboard.kidVisits'), children: <KidVisitsReport branchId={branchId} /> },
            { key: 'rooms', label: t('dashboard.roomVisits'), children: <RoomVisitsReport branchId={branchId} /> },
            { key: 'logins', label: t('dashboard.logins'), children: <LoginReport branchId={branchId} /> },
          ]}
        />
      </div>
    </div>
  );
}
