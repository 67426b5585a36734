/** The login form index.html holds, shown by boot.ts before the app's code has arrived. */
export const FIRST_LOGIN_ID = 'first-login';

export interface FirstLogin {
  login: string;
  password: string;
  /** The field the cashier is in, where the app's form puts them back. */
  focused: 'login' | 'password' | null;
  selection: [number, number] | null;
  /** Sign in was asked for before the app could do it. */
  submitted: boolean;
}

const shownForm = (root: Document) => {
  const first = root.getElementById(FIRST_LOGIN_ID);
  return first && !first.hidden ? first : null;
};

/** The first login form is on the screen (boot.ts showed it). */
export const firstLoginShown = (root: Document = document) => shownForm(root) !== null;

/**
 * What was typed into the first login form, read as the app's form is put on the screen (in its layout
 * effect, with removeFirstLogin: one task, so no keystroke falls between them). Null when that form
 * was not shown.
 */
export function readFirstLogin(root: Document = document): FirstLogin | null {
  const first = shownForm(root);
  if (!first) return null;
  const field = (name: string) => first.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  const active = root.activeElement;
  const focused = active === field('login') ? 'login' : active === field('password') ? 'password' : null;
  const input = focused && field(focused);
  return {
    login: field('login')?.value ?? '',
    password: field('password')?.value ?? '',
    focused,
    selection: input ? [input.selectionStart ?? 0, input.selectionEnd ?? 0] : null,
    submitted: first.querySelector('form')?.dataset.submitted === 'true',
  };
}

/** The first login form goes once the app's form is on the screen. */
export const removeFirstLogin = (root: Document = document) => root.getElementById(FIRST_LOGIN_ID)?.remove();
