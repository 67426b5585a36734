import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createWebBridge } from '../../../renderer/bridge/web-bridge';

/** A browser WebSocket whose server refuses the upgrade (a stale launch cookie) until told otherwise. */
class RefusedSocket {
  static opened: RefusedSocket[] = [];
  static accept = false;
  static readonly CLOSED = 3;
  readyState = 0;
  onopen: (() => void) | null = null;
  onclose: (() => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  constructor(readonly url: string) {
    RefusedSocket.opened.push(this);
    const accepted = RefusedSocket.accept;
    queueMicrotask(() => (accepted ? this.onopen?.() : ((this.readyState = 3), this.onclose?.())));
  }
  send() {}
  close() {}
}

describe('the browser bridge after the station restarted', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    RefusedSocket.opened = [];
    RefusedSocket.accept = false;
    vi.stubGlobal('WebSocket', RefusedSocket);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('loads the page again for the new launch cookie before it retries a refused socket, and reconnects', async () => {
    const steps: string[] = [];
    const renewPass = vi.fn(async () => {
      steps.push(`renew after ${RefusedSocket.opened.length} tries`);
      RefusedSocket.accept = true;
    });
    createWebBridge({ protocol: 'http:', host: '127.0.0.1:4200', origin: 'http://127.0.0.1:4200' } as Location, renewPass);
    await vi.advanceTimersByTimeAsync(1000);
    expect(steps).toEqual(['renew after 1 tries']);
    expect(RefusedSocket.opened).toHaveLength(2);
  });
});
