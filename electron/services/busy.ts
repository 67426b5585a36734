import { nameOf } from '../../shared/api/endpoint';
import { saleCreate, subscriptionSaleCreate } from '../../shared/api/sales';
import { cashupClose } from '../../shared/api/cashup';
import type { BridgeChannel } from '../../shared/ipc';

/** Counts the station's work in flight that must not be cut short, and tells when none is left. */
export class BusyTracker {
  #running = 0;
  #waiting: (() => void)[] = [];

  async during<T>(work: () => Promise<T>): Promise<T> {
    this.#running++;
    try {
      return await work();
    } finally {
      if (--this.#running === 0) for (const resume of this.#waiting.splice(0)) resume();
    }
  }

  get busy(): boolean {
    return this.#running > 0;
  }

  /** Resolves once nothing is in flight (at once when nothing is). */
  idle(): Promise<void> {
    return this.busy ? new Promise((resume) => this.#waiting.push(resume)) : Promise.resolve();
  }
}

/** A sale being sent (its answer not back) and a shift being closed: an update must wait for them. */
const BUSY_CALLS: ReadonlySet<string> = new Set([
  nameOf(saleCreate),
  nameOf(subscriptionSaleCreate),
  nameOf(cashupClose),
]);
/** Every print job, on the receipt printer or a system printer. */
const PRINT_CHANNELS = [
  'pos:print-receipt',
  'pos:print-shift',
  'pos:print-test',
  'pos:print-document',
] as const satisfies readonly BridgeChannel[];

const callName = (arg: unknown) =>
  typeof arg === 'object' && arg !== null && 'name' in arg && typeof arg.name === 'string' ? arg.name : '';

type Handlers = Record<BridgeChannel, (arg: unknown) => Promise<unknown>>;

/** The channels, with what must not be cut short counted by `busy` while it runs. */
export function markingBusy<H extends Handlers>(handlers: H, busy: BusyTracker): H {
  const marked: Handlers = { ...handlers };
  marked['pos:api-call'] = (arg) =>
    BUSY_CALLS.has(callName(arg)) ? busy.during(() => handlers['pos:api-call'](arg)) : handlers['pos:api-call'](arg);
  for (const channel of PRINT_CHANNELS) marked[channel] = (arg) => busy.during(() => handlers[channel](arg));
  return marked as H;
}
