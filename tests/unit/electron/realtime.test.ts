import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import { Server } from 'socket.io';
import { RealtimeClient } from '../../../electron/services/realtime';
import { Session } from '../../../electron/services/session';
import { MemorySecretStore } from '../../../electron/platform/node/memory-secret-store';
import { REALTIME_PATH } from '../../../shared/realtime';
import type { BridgeEvent } from '../../../shared/ipc';

const http = createServer();
const io = new Server(http, { path: REALTIME_PATH });
let url = '';
/** The tokens the server accepts, and each socket's handshake token as it came. */
const valid = new Set(['access-1', 'access-2']);
const handshakes: unknown[] = [];
io.use((socket, next) => {
  handshakes.push(socket.handshake.auth.token);
  next(valid.has(socket.handshake.auth.token) ? undefined : new Error('SESSION_EXPIRED'));
});

beforeAll(async () => {
  await new Promise<void>((done) => http.listen(0, '127.0.0.1', done));
  const address = http.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await new Promise((done) => io.close(done));
});

const user = {
  id: 1,
  name_en: 'A',
  name_ar: 'أ',
  mobile: null,
  email: 'a@x',
  role: 'cashier',
  branch_id: 1,
  privilege: null,
};
const signedIn = (accessToken: string) => ({ accessToken, refreshToken: 'refresh', user });

function station(refresh: (session: Session) => Promise<boolean> = async () => false) {
  const session = new Session(new MemorySecretStore());
  const pushed: BridgeEvent[] = [];
  const realtime = new RealtimeClient({
    session,
    serverUrl: () => url,
    emit: (event) => pushed.push(event),
    refresh: () => refresh(session),
  });
  return { session, pushed, realtime };
}

describe('the station’s realtime client', () => {
  it('connects once signed in and forwards a valid event to the page, dropping bad payloads and unknown events', async () => {
    const { session, pushed, realtime } = station();
    await session.save(signedIn('access-1'));
    await expect.poll(() => io.sockets.sockets.size).toBe(1);
    io.emit('visits_changed', { branch_id: 'one' });
    io.emit('format_disk', { branch_id: 1 });
    io.emit('visits_changed', { branch_id: 3 });
    await expect.poll(() => pushed).toEqual([{ type: 'realtime', event: 'visits_changed', data: { branch_id: 3 } }]);
    await session.clear();
    await expect.poll(() => io.sockets.sockets.size).toBe(0);
    realtime.stop();
  });

  it('refused for an expired access token, it refreshes and connects with the fresh one', async () => {
    handshakes.length = 0;
    const { session, realtime } = station(async (s) => (await s.save(signedIn('access-2')), true));
    await session.save(signedIn('expired'));
    await expect.poll(() => io.sockets.sockets.size).toBe(1);
    expect(handshakes).toEqual(['expired', 'access-2']);
    realtime.stop();
    await expect.poll(() => io.sockets.sockets.size).toBe(0);
  });
});
