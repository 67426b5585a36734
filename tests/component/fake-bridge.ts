import { MIN_STATION_VERSION } from '../../shared/domain/version';
import {
  endpointOf,
  isEndpointName,
  type EndpointName,
  type RequestOf,
  type ResponseOf,
} from '../../shared/api/catalogue';
import { fail, ok, type ApiFailure } from '../../shared/api/envelope';
import type { MessageKey } from '../../shared/api/keys';
import {
  defaultPrinterSettings,
  type BridgeArg,
  type BridgeChannel,
  type BridgeEvent,
  type BridgeResult,
  type PosBridge,
} from '../../shared/ipc';

const REFUSED = Symbol('refused');
type Refusal = { [REFUSED]: ApiFailure };
/** The server's refusal of a call, as its envelope says it (`INSUFFICIENT_STOCK`, …). */
export const refuse = (message: MessageKey, extra: Omit<ApiFailure, 'status' | 'message'> = {}): Refusal => ({
  [REFUSED]: fail(message, extra),
});

const SAID = Symbol('said');
type Said<T> = { [SAID]: { data: T; message: MessageKey } };
/** A success answered with another key than its endpoint's: the station's SALE_KEPT_OFFLINE for a sale it queued. */
export const answerSaying = <T>(message: MessageKey, data: T): Said<T> => ({ [SAID]: { data, message } });

type Answer<N extends EndpointName> =
  | ResponseOf<N>
  | Refusal
  | Said<ResponseOf<N>>
  | ((body: RequestOf<N>) => ResponseOf<N> | Refusal | Said<ResponseOf<N>>);
/** What the server answers, endpoint by endpoint; an endpoint not in the table fails the test. */
export type ApiTable = { [N in EndpointName]?: Answer<N> };
/** The station's own channels (settings, pending sales, …) a test answers differently from the defaults. */
export type ChannelTable = { [C in BridgeChannel]?: (arg: BridgeArg<C>) => BridgeResult<C> };

const defaultChannels: ChannelTable = {
  'pos:settings-get': () => ({
    serverMode: 'embedded',
    serverUrl: null,
    printer: defaultPrinterSettings,
    invoicePrinter: null,
    stationBranchId: null,
  }),
  'pos:app-info': () => ({ version: MIN_STATION_VERSION, shell: 'web', serverUrl: 'http://127.0.0.1:4201' }),
  'pos:pending-get': () => null,
  'pos:pending-drop': () => null,
  'pos:chat-pending': () => [],
  // The station reaches its server, with no sale waiting (issue 28's offline till idle).
  'pos:offline-status': () => ({
    link: 'online',
    since: null,
    waiting: 0,
    stuck: 0,
    numbersLeft: 50,
    catalogueAt: null,
  }),
};

/**
 * window.pos for a component test: `pos:api-call` answered from the test's table (each body checked
 * against the endpoint's request schema, as the station does), the other channels from `channels`.
 * What the page asked for is kept, for the test to read; what it should not have asked, for the
 * test's end to fail on.
 */
export class FakeBridge implements PosBridge {
  readonly calls: { name: EndpointName; body: unknown }[] = [];
  readonly problems: string[] = [];
  private readonly listeners = new Set<(event: BridgeEvent) => void>();

  constructor(
    private readonly api: ApiTable = {},
    private readonly channels: ChannelTable = {},
  ) {}

  /** The bodies the page sent to `name`, oldest first. */
  bodiesOf<N extends EndpointName>(name: N): RequestOf<N>[] {
    return this.calls.filter((c) => c.name === name).map((c) => c.body as RequestOf<N>);
  }

  /** A push from the station (a realtime change, the session's end). */
  emit(event: BridgeEvent) {
    for (const listener of this.listeners) listener(event);
  }

  onEvent = (listener: (event: BridgeEvent) => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  invoke = async <C extends BridgeChannel>(channel: C, arg: BridgeArg<C>): Promise<BridgeResult<C>> => {
    if (channel === 'pos:api-call') return this.call(arg as BridgeArg<'pos:api-call'>) as BridgeResult<C>;
    const answer = (this.channels[channel] ?? defaultChannels[channel]) as
      ((arg: BridgeArg<C>) => BridgeResult<C>) | undefined;
    if (!answer) return this.problem(`the page invoked ${channel}, which this test does not answer`);
    return answer(arg);
  };

  private call({ name, body }: BridgeArg<'pos:api-call'>) {
    if (!isEndpointName(name)) return this.problem(`the page called ${name}, which is no endpoint`);
    this.calls.push({ name, body });
    const parsed = endpointOf(name).request.safeParse(body);
    if (!parsed.success)
      return this.problem(`the page sent ${name} a body its schema refuses: ${parsed.error.message}`);
    const entry = this.api[name] as Answer<typeof name> | undefined;
    if (entry === undefined) return this.problem(`the page called ${name}, which this test does not answer`);
    const answer = typeof entry === 'function' ? entry(body as never) : entry;
    const refused = typeof answer === 'object' && answer !== null && REFUSED in answer;
    if (refused) return (answer as Refusal)[REFUSED];
    if (typeof answer === 'object' && answer !== null && SAID in answer) {
      const { data, message } = (answer as Said<unknown>)[SAID];
      return ok(data, message);
    }
    // As the server does: a success answers with the key its endpoint declares, which the page's toast shows.
    return ok(answer, endpointOf(name).success ?? 'OK');
  }

  private problem(what: string): never {
    this.problems.push(what);
    throw new Error(what);
  }
}
