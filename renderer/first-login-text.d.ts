/** See vite.config.ts: the `app` and `login` messages of locales/<lang>/common.json. */
declare module 'virtual:first-login-text' {
  type Group = Record<string, string>;
  const text: Record<'en' | 'ar', { app: Group; login: Group }>;
  export default text;
}
