import { useMemo } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { Button, Empty, Layout, Menu, Popconfirm, Space, Tag, Typography } from 'antd';
import {
  BankOutlined,
  EyeOutlined,
  HomeOutlined,
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
  DashboardOutlined,
  BarChartOutlined,
  MessageOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { abilityFor, isAdministratorRole, type SessionUser } from '../../../shared/permissions';
import { api } from '../../api/base';
import { useAppDispatch } from '../../store/store';
import { logout } from '../../store/auth-slice';
import { LanguageSwitch } from '../../components/ui/language-switch';
import { GlobalSearch } from './global-search';
import { localName } from '../../components/format/names';
import { screenComponent } from '../screens';
import { landingScreen, menuFeatures, type Screen } from './menu';
import { useRealtimeRefresh } from '../../bridge/use-realtime-refresh';
import { ScreenBoundary } from './screen-boundary';
import { OfflineIndicator } from './offline-indicator';
import { OpenShiftReminder } from '../../features/sales/open-shift-reminder';
import { useChatEvents } from '../../features/chat/use-chat-events';
import { ChatMenuLabel } from '../../features/chat/chat-menu-label';
import './shell.css';

const icons: Record<Screen, ReactNode> = {
  Dashboard: <DashboardOutlined />,
  FrontDesk: <IdcardOutlined />,
  Sales: <ShoppingCartOutlined />,
  Subscriptions: <CalendarOutlined />,
  Invoices: <FileTextOutlined />,
  Products: <ShoppingOutlined />,
  Packages: <GiftOutlined />,
  Coupons: <TagOutlined />,
  Rooms: <HomeOutlined />,
  Branches: <BankOutlined />,
  Employees: <TeamOutlined />,
  Roles: <SafetyOutlined />,
  Supervisor: <EyeOutlined />,
  Chat: <MessageOutlined />,
  Promotions: <NotificationOutlined />,
  Reports: <BarChartOutlined />,
  Settings: <SettingOutlined />,
};

export function AppShell({ user }: { user: SessionUser }) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  useRealtimeRefresh();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const ability = useMemo(() => abilityFor(user), [user]);
  const entries = useMemo(() => menuFeatures(ability), [ability]);
  const { data: branches } = api.useBranchListQuery();
  const branch = branches?.find((b) => b.id === user.branch_id);
  const section = pathname.split('/')[1];
  const current = entries.find((f) => f === section) ?? null;
  const landing = landingScreen(ability);
  useChatEvents(user.id, ability.can('access', 'Chat'));

  return (
    <Layout className="pd-shell" data-testid="app-shell">
      <Layout.Sider
        width={232}
        theme="light"
        className="pd-sider"
        data-testid="side-menu"
        breakpoint="lg"
        collapsedWidth={64}
      >
        <a className="pd-brand" href={`#/${landing ?? ''}`} aria-label={t('app.name')}>
          <img src="./logo.svg" alt="" width={32} height={32} />
          <span>{t('app.name')}</span>
        </a>
        <Menu
          mode="inline"
          aria-label={t('shell.menu')}
          selectedKeys={current ? [current] : []}
          onClick={({ key }) => navigate(`/${key}`)}
          items={entries.map((f) => ({
            key: f,
            icon: icons[f],
            label: f === 'Chat' ? <ChatMenuLabel /> : t(`features.${f}`),
          }))}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="pd-header">
          <Space size="middle" wrap>
            <Tag color="purple" data-testid="header-branch" icon={<BankOutlined />}>
              {branch
                ? localName(branch, i18n.language)
                : isAdministratorRole(user.role)
                  ? t('shell.allBranches')
                  : '—'}
            </Tag>
            {ability.can('view', 'FrontDesk') && <GlobalSearch />}
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
        <OfflineIndicator />
        <Layout.Content className="pd-content">
          {ability.can('view', 'Sales') && <OpenShiftReminder />}
          <Routes>
            {entries.map((f) => (
              <Route key={f} path={`${f}/*`} element={<ScreenOf feature={f} />} />
            ))}
            {/* The app opens on the first screen the user works in; an address the menu does not offer leads there too. */}
            <Route
              path="*"
              element={
                landing ? (
                  <Navigate to={`/${landing}`} replace />
                ) : (
                  <Empty style={{ marginTop: 96 }} description={t('shell.noScreens')} data-testid="no-screens" />
                )
              }
            />
          </Routes>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

/** A menu entry's screen, its code fetched on first use. */
function ScreenOf({ feature }: { feature: Screen }) {
  const Screen = screenComponent(feature);
  return (
    <ScreenBoundary key={feature}>
      <Screen />
    </ScreenBoundary>
  );
}
