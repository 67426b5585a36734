import type { Launch } from '../../electron/web/launch-file';

/** A station's page cookie as the browser that opened its launcher's one-time address holds it. */
export const browserCookie = ({ url, cookie }: Launch) => ({
  ...cookie,
  domain: new URL(url).hostname,
  path: '/',
  expires: -1,
  httpOnly: true,
  secure: false,
  sameSite: 'Strict' as const,
});
