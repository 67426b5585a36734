import { describe, expect, it } from 'vitest';
import { PageSessions, type PageServices } from '../../../electron/web/page-sessions';
import type { ChannelHandlers } from '../../../electron/ipc/handlers';

/** Browser mode's sessions, one per page, on a clock the test moves. */
function station(idleSeconds = 600) {
  const timers: { at: number; run: () => void; cancelled: boolean }[] = [];
  let now = 0;
  const signedOut: string[] = [];
  const pages = new PageSessions({
    compose: (page): PageServices => ({
      handlers: { page } as unknown as ChannelHandlers,
      signOut: async () => signedOut.push(page),
      idleSeconds: async () => idleSeconds,
    }),
    emit: () => {},
    setTimer: (run, ms) => {
      const timer = { at: now + ms, run, cancelled: false };
      timers.push(timer);
      return { cancel: () => void (timer.cancelled = true) };
    },
  });
  const advance = async (ms: number) => {
    await Promise.resolve();
    now += ms;
    for (const timer of timers) {
      if (timer.cancelled || timer.at > now) continue;
      timer.cancelled = true;
      timer.run();
    }
  };
  return { pages, signedOut, advance };
}

describe('browser mode: a session belongs to its page', () => {
  it('gives each page its own services, and the same ones to a page that reconnects (a reload)', () => {
    const { pages } = station();
    const first = pages.open('tab-a');
    pages.close('tab-a');
    expect(pages.open('tab-a')).toBe(first);
    expect(pages.open('tab-b')).not.toBe(first);
  });

  it('signs a closed page out after the idle time, not before, and not if it came back', async () => {
    const { pages, signedOut, advance } = station(600);
    pages.open('closed');
    pages.open('reloaded');
    pages.close('closed');
    pages.close('reloaded');
    await advance(300_000);
    pages.open('reloaded');
    await advance(299_999);
    expect(signedOut).toEqual([]);
    await advance(1);
    expect(signedOut).toEqual(['closed']);
    await advance(600_000);
    expect(signedOut).toEqual(['closed']);
    expect(pages.size).toBe(1);
  });
});
