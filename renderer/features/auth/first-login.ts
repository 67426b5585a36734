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
 * What was typed into the first login form, which is removed: the app's own form continues from it.
 * Called while the app's form is being put on the screen, in the same task, so no keystroke falls
 * between the two. Null when that form was not shown.
 */
export function takeOverFirstLogin(root: Document = document): FirstLogin | null {
  const first = root.getElementById(FIRST_LOGIN_ID);
  if (!first) return null;
  if (first.hidden) {
    first.remove();
    return null;
  }
  const field = (name: string) => first.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  const active = root.activeElement;
  const focused = active === field('login') ? 'login' : active === field('password') ? 'password' : null;
  const input = focused && field(focused);
  const typed: FirstLogin = {
    login: field('login')?.value ?? '',
    password: field('password')?.value ?? '',
    focused,
    selection: input ? [input.selectionStart ?? 0, input.selectionEnd ?? 0] : null,
    submitted: first.querySelector('form')?.dataset.submitted === 'true',
  };
  // Removed once read: taking the focused field away moves the focus to the page.
  first.remove();
  return typed;
}
