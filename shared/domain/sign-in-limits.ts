import { LOGIN_FREE_FAILURES, LOGIN_MAX_WAIT_SECONDS } from './constants';

/** How long a login waits after its last failure, given its failures since its last success. */
export function loginWaitSeconds(failures: number): number {
  return failures < LOGIN_FREE_FAILURES ? 0 : Math.min(2 ** failures, LOGIN_MAX_WAIT_SECONDS);
}
