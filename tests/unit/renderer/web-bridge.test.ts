import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createWebBridge, type PageStore } from '../../../renderer/bridge/web-bridge';

/** A tab's sessionStorage. */
const tabStorage = (): PageStore => {
  const items = new Map<string, string>();
  return { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) };
};
const station = { protocol: 'http:', host: '127.0.0.1:4200', origin: 'http://127.0.0.1:4200' } as Location;

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

  it('asks the station about its pass before it retries a refused socket, and reconnects', async () => {
    const steps: string[] = [];
    const whenRefused = vi.fn(async () => {
      steps.push(`asked after ${RefusedSocket.opened.length} tries`);
      RefusedSocket.accept = true;
    });
    createWebBridge(station, whenRefused, tabStorage());
    await vi.advanceTimersByTimeAsync(1000);
    expect(steps).toEqual(['asked after 1 tries']);
    expect(RefusedSocket.opened).toHaveLength(2);
  });

  it("reloads onto the station's page saying where to open it when the station no longer knows this browser's pass", async () => {
    const reload = vi.fn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ({ status: 403 })),
    );
    createWebBridge({ ...station, reload }, undefined, tabStorage());
    await vi.advanceTimersByTimeAsync(10);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('the browser bridge belongs to its tab', () => {
  beforeEach(() => {
    RefusedSocket.opened = [];
    RefusedSocket.accept = true;
    vi.stubGlobal('WebSocket', RefusedSocket);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("opens with the tab's own page id: the same after a reload, another in a new tab", () => {
    const tab = tabStorage();
    createWebBridge(station, async () => {}, tab);
    createWebBridge(station, async () => {}, tab); // the same tab reloaded
    createWebBridge(station, async () => {}, tabStorage()); // a new tab
    const pages = RefusedSocket.opened.map((socket) => new URL(socket.url).searchParams.get('page'));
    expect(pages[0]).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(pages[1]).toBe(pages[0]);
    expect(pages[2]).not.toBe(pages[0]);
  });
});
