import { io, type Socket } from 'socket.io-client';
import { parseRealtime, REALTIME_PATH } from '../../shared/realtime';
import type { BridgeEvent } from '../../shared/ipc';
import type { Session } from './session';

export interface RealtimeDeps {
  session: Session;
  serverUrl: () => string;
  /** To the page: each server event checked against the catalogue, as a bridge push. */
  emit: (event: BridgeEvent) => void;
  /** Renews the access token (saved in the session); false when the session cannot be renewed. */
  refresh: () => Promise<boolean>;
}

/**
 * The station's socket to the server's realtime events, open while someone is signed in. It lives in
 * the main process, which holds the tokens: each (re)connection shows the session's current access
 * token, and a refusal of an expired one is met with a refresh and one more try.
 */
export class RealtimeClient {
  private socket: Socket | null = null;
  private userId: number | null = null;
  private readonly unsubscribe: () => void;

  constructor(private readonly deps: RealtimeDeps) {
    this.unsubscribe = deps.session.onChange(() => void this.sync());
    void this.sync();
  }

  stop(): void {
    this.unsubscribe();
    this.close();
  }

  /** Opens for the signed-in user, closes on sign-out, opens anew for another user. */
  private async sync(): Promise<void> {
    const userId = (await this.deps.session.tokens())?.user.id ?? null;
    if (userId === this.userId && (this.socket !== null) === (userId !== null)) return;
    this.close();
    this.userId = userId;
    if (userId !== null) this.open();
  }

  private open(): void {
    const socket = io(this.deps.serverUrl(), {
      path: REALTIME_PATH,
      transports: ['websocket'],
      auth: (answer) => void this.deps.session.tokens().then((tokens) => answer({ token: tokens?.accessToken ?? '' })),
    });
    socket.onAny((event: string, data: unknown) => {
      const checked = parseRealtime(event, data);
      if (checked) this.deps.emit({ type: 'realtime', ...checked });
    });
    socket.on('connect_error', () => {
      // A lost connection is retried by socket.io itself (still active); a refusal means the token expired.
      if (socket.active) return;
      void this.deps.refresh().then((renewed) => {
        if (renewed && this.socket === socket) socket.connect();
      });
    });
    this.socket = socket;
  }

  private close(): void {
    this.socket?.disconnect();
    this.socket = null;
  }
}
