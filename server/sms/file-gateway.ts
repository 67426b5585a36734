import { appendFile } from 'node:fs/promises';
import { isAbsolute } from 'node:path';
import type { SmsGateway } from './sms-gateway';

/**
 * A stand-in for the parents' phones in browser tests: each message, code and all, is appended to a
 * file (owner-only) the test reads, as a phone would show it. Whoever can read the file can read every
 * code, so nothing chooses it by default or by a near miss: it takes both `SMS_GATEWAY=test-file` and
 * an absolute `SMS_TEST_FILE`, and says so at every start.
 */
export function fileGatewayFromEnv(env: NodeJS.ProcessEnv): SmsGateway {
  const file = env.SMS_TEST_FILE;
  if (!file || !isAbsolute(file)) throw new Error('SMS_GATEWAY=test-file needs SMS_TEST_FILE, an absolute path');
  console.warn(`SMS_GATEWAY=test-file (tests only): text messages are written to ${file}, not sent`);
  return {
    name: 'test-file',
    async deliver(to, body) {
      try {
        await appendFile(file, `${JSON.stringify({ to, body })}\n`, { mode: 0o600 });
        return { status: 'sent', providerId: null };
      } catch {
        return { status: 'failed', failure: 'later', httpStatus: null, errorCode: null };
      }
    },
  };
}
