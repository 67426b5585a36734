import { useState } from 'react';
import { Button, DatePicker, Tabs } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/base';
import { useAbility } from '../../store/ability';
import { LookupSelect } from '../../components/ui/lookup-select';
import { PageTitle } from '../../components/ui/page-title';
import { usePrintPage } from '../../components/domain/printing/use-print-page';
import '../../components/domain/printing/a4-page.css';
import { CustomReport } from './custom-report';
import { SalesReport } from './sales-report';
import { ShiftsReport } from './shifts-report';
import { SubscriptionsReport } from './subscriptions-report';
import { UserSummaryReport } from './user-summary-report';
import type { ReportScope } from './report-scope';

/** Spec 2: reports, custom reports, subscription reports and the user summary (with the cash-ups), each printable and exportable. */
export function ReportsPage() {
  const { t } = useTranslation();
  const ability = useAbility();
  const everyBranch = ability.can('manage', 'all');
  const { data: branches } = api.useBranchListQuery();
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().startOf('month'), dayjs()]);
  const [branchId, setBranchId] = useState<number | null>(null);
  const [tab, setTab] = useState('sales');
  const printing = usePrintPage();
  const scope: ReportScope = {
    dates: { from: range[0].format('YYYY-MM-DD'), to: range[1].format('YYYY-MM-DD') },
    branchId,
  };
  return (
    <div data-testid="reports-page">
      <PageTitle
        title={t('features.Reports')}
        extra={
          <>
            <DatePicker.RangePicker
              value={range}
              allowClear={false}
              aria-label={t('dashboard.days')}
              onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
              data-testid="reports-range"
            />
            {everyBranch && (
              <LookupSelect
                items={branches}
                value={branchId ?? undefined}
                placeholder={t('dashboard.allBranches')}
                aria-label={t('dashboard.branch')}
                onChange={(v) => setBranchId(v ?? null)}
                style={{ minWidth: 200 }}
                data-testid="reports-branch"
              />
            )}
            <Button
              className="no-print"
              icon={<PrinterOutlined />}
              loading={printing.busy === 'print'}
              onClick={() => void printing.run('print', `report-${tab}.pdf`)}
              data-testid="reports-print"
            >
              {t('print.a4')}
            </Button>
          </>
        }
      />
      <div className="print-area">
        <Tabs
          activeKey={tab}
          onChange={setTab}
          destroyOnHidden
          items={[
            { key: 'sales', label: t('reports.tabs.sales'), children: <SalesReport scope={scope} /> },
            { key: 'custom', label: t('reports.tabs.custom'), children: <CustomReport scope={scope} /> },
            {
              key: 'subscriptions',
              label: t('reports.tabs.subscriptions'),
              children: <SubscriptionsReport scope={scope} />,
            },
            { key: 'users', label: t('reports.tabs.users'), children: <UserSummaryReport scope={scope} /> },
            { key: 'shifts', label: t('reports.tabs.shifts'), children: <ShiftsReport scope={scope} /> },
          ]}
        />
      </div>
    </div>
  );
}
