import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { health } from '../../shared/api/setup';
import { z } from 'zod';
import type { ServerProbe } from '../../shared/ipc';

/** What a PlayDesk server answers to `GET /health`, in the envelope every answer comes in. */
const healthAnswer = z.object({ status: z.literal(true), data: health.response });
const PROBE_TIMEOUT_MS = 5_000;

/** Node's names for a certificate the station does not trust (expired, self-signed, another host's). */
const CERTIFICATE_ERROR = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS_CERT_ALTNAME_INVALID|UNABLE_TO_GET_ISSUER/;

/**
 * Asks `GET /health` at a server address, as *Test connection* does before the station switches to it.
 * Done in the main process, over the same TLS checks the station's calls get: the page never talks to
 * a server itself. `ca`: certificates to trust beyond the system's (tests).
 */
export function probeServer(url: string, opts: { ca?: string } = {}): Promise<ServerProbe> {
  const target = new URL(health.path, url.endsWith('/') ? url : `${url}/`);
  const tls = target.protocol === 'https:';
  return new Promise((settle) => {
    const request = (tls ? httpsRequest : httpRequest)(
      target,
      { method: 'GET', timeout: PROBE_TIMEOUT_MS, ...(tls && opts.ca ? { ca: opts.ca } : {}) },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          // A PlayDesk answer is a few dozen bytes; a big page is something else.
          if (size > 64 * 1024) res.destroy();
          else chunks.push(chunk);
        });
        res.on('error', () => settle({ status: 'not-playdesk' }));
        res.on('end', () => settle(playdeskAnswer(Buffer.concat(chunks).toString('utf8'), tls)));
      },
    );
    request.on('timeout', () => request.destroy(new Error('ETIMEDOUT')));
    request.on('error', (error: NodeJS.ErrnoException) => {
      const code = error.code ?? error.message;
      if (tls && CERTIFICATE_ERROR.test(code)) settle({ status: 'certificate', reason: code });
      else if (tls && /SSL|EPROTO|ECONNRESET/.test(code)) settle({ status: 'no-tls' });
      else settle({ status: 'unreachable' });
    });
    request.end();
  });
}

function playdeskAnswer(text: string, tls: boolean): ServerProbe {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { status: 'not-playdesk' };
  }
  const answer = healthAnswer.safeParse(json);
  return answer.success ? { status: 'found', version: answer.data.data.version, tls } : { status: 'not-playdesk' };
}
