import { SerialPortStream } from '@serialport/stream';
import { autoDetect } from '@serialport/bindings-cpp';

/** The poller's event bits (@serialport/bindings-cpp's EVENTS). */
const READABLE = 0b01;
const WRITABLE = 0b10;

/** What of @serialport/bindings-cpp's Poller (Linux, macOS) this module touches. */
interface Poller {
  poll(eventFlag?: number): void;
  listenerCount(event: 'readable' | 'writable'): number;
}

/**
 * What this module uses of a serial binding. @serialport/bindings-interface's own types do not resolve
 * under the Bundler resolution (its package names no types for its ES module), so they are stated here.
 */
interface SerialBinding {
  list(): Promise<unknown[]>;
  open(options: { path: string; baudRate: number }): Promise<object>;
}

const detected: SerialBinding = autoDetect();

/**
 * The system's serial binding, with one fault mended. @serialport/bindings-cpp 13's poller restarts its
 * wait for each new request with only the event just asked for: a read that starts waiting for the
 * printer's words while a write waits for room on the line takes the write's wait away, and the write
 * never resumes. At 9600 baud the line is full for most of a receipt, and the port reads all along (the
 * paper check's answer, a printer's XON or its own status), so a receipt could stop midway, by the order
 * two waits happened to start in. Here every request also asks for the events still awaited. Windows'
 * binding has no poller and is left as it is.
 */
const binding: SerialBinding = {
  list: () => detected.list(),
  async open(options) {
    const port = await detected.open(options);
    if ('poller' in port) askForEveryAwaitedEvent(port.poller as Poller);
    return port;
  },
};

function askForEveryAwaitedEvent(poller: Poller): void {
  const poll = poller.poll.bind(poller);
  poller.poll = (eventFlag = 0) =>
    poll(
      eventFlag |
        (poller.listenerCount('readable') > 0 ? READABLE : 0) |
        (poller.listenerCount('writable') > 0 ? WRITABLE : 0),
    );
}

/** Opens the serial port at `path` (8N1 at `baudRate`). */
export function openSerialPort(path: string, baudRate: number): Promise<SerialPortStream> {
  return new Promise((resolve, reject) => {
    const port = new SerialPortStream({ binding, path, baudRate, autoOpen: false });
    port.open((error) => (error ? reject(error) : resolve(port)));
  });
}
