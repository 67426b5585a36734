import { useEffect, useMemo } from 'react';
import { Button, Empty, Layout, Menu, Popconfirm, Space, Tag, Typography } from 'antd';
import {
  BankOutlined,
  FileTextOutlined,
  GiftOutlined,
  IdcardOutlined,
  LogoutOutlined,
  NotificationOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShoppingCartOutlined,
  ShoppingOutlined,
  TagOutlined,
  TeamOutlined,
  CalendarOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { abilityFor, isAdministratorRole, type SessionUser } from '../../../shared/permissions';
import { useAppDispatch } from '../../app/store';
import { logout } from '../../app/auth-slice';
import { useBranchListQuery } from '../../api/lookups';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { SubscriptionsPage } from '../../features/subscriptions/SubscriptionsPage';
import { FrontDeskPage } from '../../features/frontDesk/FrontDeskPage';
import { KidProfile } from '../../features/frontDesk/KidProfile';
import { OutboxPage } from '../../features/messages/OutboxPage';
import { GlobalSearch } from './GlobalSearch';
import { InvoiceA4 } from '../../features/invoices/InvoiceA4';
import { SettingsPage } from '../../features/settings/SettingsPage';
import { localName } from '../../components/names';
import { BranchesPage } from '../../features/branches/BranchesPage';
import { RolesPage } from '../../features/roles/RolesPage';
import { EmployeesPage } from '../../features/employees/EmployeesPage';
import { EmployeeProfile } from '../../features/employees/EmployeeProfile';
import { ProductsPage } from '../../features/products/ProductsPage';
import { InvoicesPage } from '../../features/invoices/InvoicesPage';
import { CartPage } from '../../features/sales/CartPage';
import { PackagesPage } from '../../features/packages/PackagesPage';
import { CouponsPage } from '../../features/coupons/CouponsPage';
import { landingScreen, menuFeatures, type Screen } from './menu';
import { useHashRoute } from './useHashRoute';
import { useRealtimeRefresh } from '../../bridge/useRealtimeRefresh';
import './shell.css';

const icons: Record<Screen, ReactNode> = {
  FrontDesk: <IdcardOutlined />,
  Sales: <ShoppingCartOutlined />,
  Subscriptions: <CalendarOutlined />,
  Invoices: <FileTextOutlined />,
  Products: <ShoppingOutlined />,
  Packages: <GiftOutlined />,
  Coupons: <TagOutlined />,
  Branches: <BankOutlined />,
  Employees: <TeamOutlined />,
  Roles: <SafetyOutlined />,
  Promotions: <NotificationOutlined />,
  Settings: <SettingOutlined />,
};

export function AppShell({ user }: { user: SessionUser }) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  useRealtimeRefresh();
  const [route, navigate] = useHashRoute();
  const ability = useMemo(() => abilityFor(user), [user]);
  const entries = useMemo(() => menuFeatures(ability), [ability]);
  const { data: branches } = useBranchListQuery();
  const branch = branches?.find((b) => b.id === user.branch_id);
  const [section, detail] = route.split('/');
  const current = entries.find((f) => f === section) ?? null;
  const landing = landingScreen(ability);
  // The app opens on the first screen the user works in; an address the menu does not offer leads there too.
  useEffect(() => {
    if (!current && landing) navigate(landing);
  }, [current, landing]); // eslint-disable-line react-hooks/exhaustive-deps -- navigate is a new function each render

  return (
    <Layout className="pd-shell" data-testid="app-shell">
      <Layout.Sider width={232} theme="light" className="pd-sider" data-testid="side-menu" breakpoint="lg" collapsedWidth={64}>
        <a className="pd-brand" href={`#/${landing ?? ''}`} aria-label={t('app.name')}>
          <img src="./logo.svg" alt="" width={32} height={32} />
          <span>{t('app.name')}</span>
        </a>
        <Menu
          mode="inline"
          aria-label={t('shell.menu')}
          selectedKeys={current ? [current] : []}
          onClick={({ key }) => navigate(key)}
          items={entries.map((f) => ({ key: f, icon: icons[f], label: t(`features.${f}`) }))}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="pd-header">
          <Space size="middle" wrap>
            <Tag color="purple" data-testid="header-branch" icon={<BankOutlined />}>
              {branch ? localName(branch, i18n.language) : isAdministratorRole(user.role) ? t('shell.allBranches') : '—'}
            </Tag>
            {ability.can('view', 'FrontDesk') && <GlobalSearch navigate={navigate} />}
          </Space>
          <Space size="middle">
            <Typography.Text strong data-testid="header-user">
              {localName(user, i18n.language)}
            </Typography.Text>
            <LanguageSwitch type="text" />
            <Popconfirm
              title={t('shell.logoutConfirm')}
              okText={t('shell.yes')}
              cancelText={t('shell.no')}
              okButtonProps={{ 'data-testid': 'logout-confirm' }}
              onConfirm={() => void dispatch(logout())}
            >
              <Button icon={<LogoutOutlined />} data-testid="logout-button">
                {t('shell.logout')}
              </Button>
            </Popconfirm>
          </Space>
        </Layout.Header>
        <Layout.Content className="pd-content">
          {current ? (
            <ScreenOf feature={current} detail={detail} navigate={navigate} />
          ) : (
            !landing && <Empty style={{ marginTop: 96 }} description={t('shell.noScreens')} data-testid="no-screens" />
          )}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

/** The screen of a menu entry. */
function ScreenOf({ feature, detail, navigate }: { feature: Screen; detail: string | undefined; navigate: (route: string) => void }) {
  const id = Number(detail);
  switch (feature) {
    case 'Branches':
      return <BranchesPage />;
    case 'Roles':
      return <RolesPage />;
    case 'Products':
      return <ProductsPage />;
    case 'Invoices':
      return detail?.startsWith('print-') ? (
        <InvoiceA4 id={Number(detail.slice('print-'.length))} back={() => navigate('Invoices')} />
      ) : (
        <InvoicesPage openPrint={(saleId) => navigate(`Invoices/print-${saleId}`)} />
      );
    case 'Sales':
      return <CartPage overtimeKids={detail?.startsWith('overtime-') ? detail.slice('overtime-'.length).split(',').map(Number).filter((n) => Number.isInteger(n) && n > 0) : []} />;
    case 'FrontDesk':
      return Number.isInteger(id) && id > 0 ? (
        <KidProfile id={id} back={() => navigate('FrontDesk')} />
      ) : (
        <FrontDeskPage key={detail} navigate={navigate} find={detail?.startsWith('find-') ? decodeURIComponent(detail.slice('find-'.length)) : undefined} />
      );
    case 'Promotions':
      return <OutboxPage />;
    case 'Settings':
      return <SettingsPage />;
    case 'Packages':
      return <PackagesPage />;
    case 'Coupons':
      return <CouponsPage />;
    case 'Subscriptions':
      return <SubscriptionsPage />;
    case 'Employees':
      return Number.isInteger(id) && id > 0 ? (
        <EmployeeProfile id={id} back={() => navigate('Employees')} />
      ) : (
        <EmployeesPage open={(employee) => navigate(`Employees/${employee}`)} />
      );
  }
}
