import { createElement, lazy, useState, type ComponentType } from 'react';
import type { SessionUser } from '../../shared/permissions';
import type { Screen } from './shell/menu';

type Loaded<P> = { default: ComponentType<P> };

/**
 * A component whose code is a chunk of its own, fetched when first drawn or before (`preload`). Once
 * its code is here it is drawn at once: a lazy component would still suspend on first use, and React
 * holds a fallback it has shown for a moment before revealing what replaced it.
 */
function deferred<P extends object>(load: () => Promise<Loaded<P>>) {
  let ready: ComponentType<P> | null = null;
  const preload = () => load().then((m) => void (ready = m.default));
  const Lazy = lazy(load);
  function Deferred(props: P) {
    // Chosen once per mount: a screen first drawn through Lazy and drawn again once `ready` is set would
    // change type, and React would mount it anew, losing what it holds (an open dialog, a typed form).
    const [Component] = useState(() => ready ?? Lazy);
    return createElement(Component, props);
  }
  return { Component: Deferred, preload };
}

const page =
  <M, P extends object = object>(load: () => Promise<M>, pick: (m: M) => ComponentType<P>) =>
  () =>
    load().then((m): Loaded<P> => ({ default: pick(m) }));

/** The signed-in app's frame (idle lock, menu, header): not needed before sign-in either. */
const shell = deferred<{ user: SessionUser }>(
  page(
    () => import('./shell/SignedIn'),
    (m) => m.SignedIn,
  ),
);
export const LazySignedIn = shell.Component;
export const preloadSignedIn = shell.preload;

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

/** The signed-in screens' styles, made while the login form waits (see StyleWarmup). */
const warmup = deferred(
  page(
    () => import('./shell/StyleWarmup'),
    (m) => m.StyleWarmup,
  ),
);
export const LazyStyleWarmup = warmup.Component;

/**
 * Fetches the signed-in app's code while the login form waits, one chunk after another so that the
 * form stays responsive: sign-in then shows the first screen without waiting for its code. A chunk
 * that fails here is fetched again when its screen opens.
 */
export async function prefetchApp(): Promise<void> {
  const firstScreen = () => import('./first-screen');
  for (const preload of [shell.preload, firstScreen, warmup.preload, ...Object.values(screens).map((s) => s.preload)])
    await preload().catch(() => undefined);
}
