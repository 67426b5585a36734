import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { initI18n } from './i18n';
import { followStationSession, makeStore } from './store/store';
import { App } from './app/app';
import { reportError, reportUncaughtErrors } from './app/report-errors';

await initI18n();
const store = makeStore({ extra: { loadFirstScreen: () => import('./app/first-screen') } });
followStationSession(store);
reportUncaughtErrors();
// An uncaught render error reaches the window's error event (React reports it there); one an error
// boundary caught does not, so it is logged here, and still shown in the console as React would.
const root = createRoot(document.getElementById('root')!, {
  onCaughtError: (error) => {
    console.error(error);
    reportError('render', error);
  },
});
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
