import { appendFile } from 'node:fs/promises';
import { isAbsolute } from 'node:path';
import type { SmsGateway } from './sms-gateway';

/**
 * A stand-in for the parents' phones in browser tests: each message, code and all, is appended to a
 * file the test reads, as a phone would show it. Only an explicit `SMS_GATEWAY=test-file` with an
 * absolute `SMS_TEST_FILE` chooses it, and never with NODE_ENV=production, since whoever can read
 * the file can read every code.
 */
export function fileGatewayFromEnv(env: NodeJS.ProcessEnv): SmsGateway {
  const file = env.SMS_TEST_FILE;
  if (env.NODE_ENV === 'production') throw new Error('SMS_GATEWAY=test-file is for tests and is refused with NODE_ENV=production');
  if (!file || !isAbsolute(file)) throw new Error('SMS_GATEWAY=test-file needs SMS_TEST_FILE, an absolute path');
  console.warn(`SMS_GATEWAY=test-file: text messages are written to ${file}, not sent`);
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
