import type { ComponentType } from 'react';
import type { Screen } from './shell/menu';
import { deferred, page } from './deferred';

/** Each screen's code. A screen with addresses of its own (a profile, a print) routes them itself. */
const screens: Record<Screen, ReturnType<typeof deferred<object>>> = {
  Dashboard: deferred(
    page(
      () => import('../features/dashboard/dashboard-page'),
      (m) => m.DashboardPage,
    ),
  ),
  FrontDesk: deferred(() => import('../features/front-desk/front-desk-routes')),
  Sales: deferred(() => import('../features/sales/sales-routes')),
  Subscriptions: deferred(
    page(
      () => import('../features/subscriptions/subscriptions-page'),
      (m) => m.SubscriptionsPage,
    ),
  ),
  Invoices: deferred(() => import('../features/invoices/invoices-routes')),
  Products: deferred(
    page(
      () => import('../features/products/products-page'),
      (m) => m.ProductsPage,
    ),
  ),
  Packages: deferred(
    page(
      () => import('../features/packages/packages-page'),
      (m) => m.PackagesPage,
    ),
  ),
  Coupons: deferred(
    page(
      () => import('../features/coupons/coupons-page'),
      (m) => m.CouponsPage,
    ),
  ),
  Rooms: deferred(
    page(
      () => import('../features/rooms/rooms-page'),
      (m) => m.RoomsPage,
    ),
  ),
  Supervisor: deferred(
    page(
      () => import('../features/supervisor/supervisor-page'),
      (m) => m.SupervisorPage,
    ),
  ),
  Branches: deferred(
    page(
      () => import('../features/branches/branches-page'),
      (m) => m.BranchesPage,
    ),
  ),
  Employees: deferred(() => import('../features/employees/employees-routes')),
  Roles: deferred(
    page(
      () => import('../features/roles/roles-page'),
      (m) => m.RolesPage,
    ),
  ),
  Chat: deferred(() => import('../features/chat/chat-page')),
  Promotions: deferred(
    page(
      () => import('../features/promotions/promotions-page'),
      (m) => m.PromotionsPage,
    ),
  ),
  Reports: deferred(
    page(
      () => import('../features/reports/reports-page'),
      (m) => m.ReportsPage,
    ),
  ),
  Settings: deferred(
    page(
      () => import('../features/settings/settings-page'),
      (m) => m.SettingsPage,
    ),
  ),
};

export const screenComponent = (screen: Screen): ComponentType => screens[screen].Component;
export const preloadScreen = (screen: Screen) => screens[screen].preload();
export const screenPreloads = () => Object.values(screens).map((s) => s.preload);
