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

/**
 * What was typed into the first login form, read as the app's form is first drawn (that drawing and
 * removeFirstLogin, in its layout effect, are one task: no keystroke falls between them). Null when
 * that form was not shown.
 */
export function readFirstLogin(root: Document = document): FirstLogin | null {
  const first = root.getElementById(FIRST_LOGIN_ID);
  if (!first || first.hidden) return null;
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
