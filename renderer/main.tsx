import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { initI18n } from './i18n';
import { followStationSession, makeStore } from './store/store';
import { App } from './app/app';

await initI18n();
const store = makeStore({ extra: { loadFirstScreen: () => import('./app/first-screen') } });
followStationSession(store);
const root = createRoot(document.getElementById('root')!);
// A transition: React draws the app in slices, so what is typed into the first login form meanwhile
// (boot.ts) is not held back behind one long task.
startTransition(() =>
  root.render(
    <StrictMode>
      <Provider store={store}>
        <App />
      </Provider>
    </StrictMode>,
  ),
);
