import type { ReactElement } from 'react';
import { App as AntApp } from 'antd';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { render, type RenderResult } from '@testing-library/react';
import type { Language } from '../../shared/domain/constants';
import type { SessionUser } from '../../shared/permissions';
import { AppProviders } from '../../renderer/app/providers';
import { setLanguage } from '../../renderer/i18n';
import { makeStore, type AppStore, type RootState } from '../../renderer/store/store';
import { FakeBridge } from './fake-bridge';
import { answerWith } from './station';

/** A cashier with every right (the administrator role) who works in branch 1. */
export const cashier: SessionUser = {
  id: 1,
  name_en: 'Amal',
  name_ar: 'أمل',
  mobile: null,
  email: null,
  role: 'admin',
  branch_id: 1,
  privilege: null,
};

/** What a test reads after drawing: Testing Library's queries, and the store, station and router behind the screen. */
export type Rendered = RenderResult & {
  store: AppStore;
  bridge: FakeBridge;
  router: ReturnType<typeof createMemoryRouter>;
};

/**
 * `ui` as the app draws it: a store of its own (signed in as `user`, unless `preloadedState` says
 * otherwise), the language's messages and direction, antd's provider, App and toasts, and a memory
 * router at `route`; window.pos answered by `bridge`.
 */
export async function renderWithProviders(
  ui: ReactElement,
  {
    bridge = new FakeBridge(),
    preloadedState,
    route = '/',
    language = 'en',
    user = cashier,
  }: {
    bridge?: FakeBridge;
    preloadedState?: Partial<RootState>;
    route?: string;
    language?: Language;
    user?: SessionUser;
  } = {},
): Promise<Rendered> {
  answerWith(bridge);
  await setLanguage(language);
  const store = makeStore({
    preloadedState: preloadedState ?? { auth: { status: 'signedIn', user, failure: null } },
  });
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [route] });
  const view = render(
    <Provider store={store}>
      <AppProviders language={language}>
        <AntApp>
          <RouterProvider router={router} />
        </AntApp>
      </AppProviders>
    </Provider>,
  );
  return { ...view, store, bridge, router };
}
