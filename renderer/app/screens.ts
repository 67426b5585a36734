import type { ComponentType } from 'react';
import type { Screen } from './shell/menu';
import { deferred, page } from './deferred';

/** Each screen's code. A screen with addresses of its own (a profile, a print) routes them itself. */
const screens: Record<Screen, ReturnType<typeof deferred<object>>> = {
  Dashboard: deferred(
    page(
      () => import('../features/dashboard/DashboardPage'),
      (m) => m.DashboardPage,
    ),
  ),
  FrontDesk: deferred(() => import('../features/frontDesk/FrontDeskRoutes')),
  Sales: deferred(() => import('../features/sales/SalesRoutes')),
  Subscriptions: deferred(
    page(
      () => import('../features/subscriptions/SubscriptionsPage'),
      (m) => m.SubscriptionsPage,
    ),
  ),
  Invoices: deferred(() => import('../features/invoices/InvoicesRoutes')),
  Products: deferred(
    page(
      () => import('../features/products/ProductsPage'),
      (m) => m.ProductsPage,
    ),
  ),
  Packages: deferred(
    page(
      () => import('../features/packages/PackagesPage'),
      (m) => m.PackagesPage,
    ),
  ),
  Coupons: deferred(
    page(
      () => import('../features/coupons/CouponsPage'),
      (m) => m.CouponsPage,
    ),
  ),
  Rooms: deferred(
    page(
      () => import('../features/rooms/RoomsPage'),
      (m) => m.RoomsPage,
    ),
  ),
  Supervisor: deferred(
    page(
      () => import('../features/supervisor/SupervisorPage'),
      (m) => m.SupervisorPage,
    ),
  ),
  Branches: deferred(
    page(
      () => import('../features/branches/BranchesPage'),
      (m) => m.BranchesPage,
    ),
  ),
  Employees: deferred(() => import('../features/employees/EmployeesRoutes')),
  Roles: deferred(
    page(
      () => import('../features/roles/RolesPage'),
      (m) => m.RolesPage,
    ),
  ),
  Chat: deferred(() => import('../features/chat/ChatPage')),
  Promotions: deferred(
    page(
      () => import('../features/promotions/PromotionsPage'),
      (m) => m.PromotionsPage,
    ),
  ),
  Reports: deferred(
    page(
      () => import('../features/reports/ReportsPage'),
      (m) => m.ReportsPage,
    ),
  ),
  Settings: deferred(
    page(
      () => import('../features/settings/SettingsPage'),
      (m) => m.SettingsPage,
    ),
  ),
};

export const screenComponent = (screen: Screen): ComponentType => screens[screen].Component;
export const preloadScreen = (screen: Screen) => screens[screen].preload();
export const screenPreloads = () => Object.values(screens).map((s) => s.preload);
