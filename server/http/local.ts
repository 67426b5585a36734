import type { FastifyRequest } from 'fastify';
import { isLoopback } from '../../shared/domain/server-address';

/** Headers a proxy adds: a call that came through one came from wherever the proxy's caller is. */
const FORWARDING = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip'] as const;

/**
 * Whether the call came from this computer: over loopback, not relayed by a proxy, and addressed to a
 * loopback name. The last matters for DNS rebinding: a web page whose own name was made to point at
 * 127.0.0.1 reaches the server from this computer's browser, but its requests carry that page's name
 * as Host.
 */
export function fromThisComputer(req: FastifyRequest): boolean {
  const peer = (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
  if (!isLoopback(peer)) return false;
  if (FORWARDING.some((name) => req.headers[name] !== undefined)) return false;
  const host = req.headers.host;
  if (!host) return false;
  let hostname: string;
  try {
    hostname = new URL(`http://${host}`).hostname;
  } catch {
    return false;
  }
  return isLoopback(hostname);
}
