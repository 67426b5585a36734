import './global.css';
import './features/auth/login.css';
import firstLoginText from 'virtual:first-login-text';
import { surelySignedOut } from './bridge/page-id';
import { applyToDocument, messagesOf, storedLanguage } from './i18n/language';
import { FIRST_LOGIN_ID } from './features/auth/first-login';

/**
 * The page's first script, a few kB: when no session can be waiting (a new tab), it shows the login
 * form written in index.html, in the station's language, so a cashier types while the app's code
 * (React, antd, the store: hundreds of kB) arrives. A submit made meanwhile is kept, and the app's
 * form takes over what was typed (first-login.ts). Then it loads the app, and the language's messages
 * alongside rather than after it.
 */
/** How long the cashier has stopped typing before the app's code is evaluated. */
const QUIET_MS = 300;

const lang = storedLanguage();
const texts = firstLoginText[lang];
const first = document.getElementById(FIRST_LOGIN_ID);
if (first && surelySignedOut()) {
  applyToDocument(lang);
  const text = (path: string | undefined) => {
    const [group, key] = (path ?? '').split('.');
    return (group === 'app' || group === 'login' ? texts[group][key ?? ''] : undefined) ?? '';
  };
  for (const el of first.querySelectorAll<HTMLElement>('[data-text]')) el.textContent = text(el.dataset.text);
  for (const el of first.querySelectorAll<HTMLInputElement>('[data-placeholder]'))
    el.placeholder = text(el.dataset.placeholder);
  const form = first.querySelector('form')!;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    form.dataset.submitted = 'true';
  });
  first.hidden = false;
  first.querySelector<HTMLInputElement>('input')?.focus();
} else {
  first?.remove();
}
let loading = false;
const loadApp = () => {
  if (loading) return;
  loading = true;
  void messagesOf(lang);
  void import('./main');
};
// With the form shown, the app's code is asked for once the cashier has paused (or at once on Sign
// in): evaluating it is one long task, which would hold back the form's first paint and the keystrokes
// typed meanwhile.
if (first?.isConnected) {
  let quiet = setTimeout(loadApp, QUIET_MS);
  const typing = () => {
    clearTimeout(quiet);
    quiet = setTimeout(loadApp, QUIET_MS);
  };
  first.addEventListener('keydown', typing);
  first.addEventListener('input', typing);
  first.querySelector('form')!.addEventListener('submit', loadApp);
} else loadApp();
