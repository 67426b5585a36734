/**
 * Where a receipt printer is, as one string in the station's settings:
 * - `tcp://192.168.1.50:9100`: a network printer (port 9100 when none is given);
 * - `\\FRONT-PC\POS80`: a printer shared by Windows (`\\localhost\…` for one on this computer) — the
 *   spooler passes what is written to the share to the printer as it is, as `copy /b` does;
 * - `COM3@9600` or `/dev/ttyUSB0@19200`: a serial port and its speed.
 */
export type PrinterTarget =
  | { kind: 'network'; host: string; port: number }
  | { kind: 'shared'; computer: string; share: string }
  | { kind: 'serial'; path: string; baudRate: BaudRate };

/** The speeds receipt printers' serial ports are set to; 9600 is the usual factory setting. */
export const BAUD_RATES = [9600, 19200, 38400, 57600, 115200] as const;
export type BaudRate = (typeof BAUD_RATES)[number];

const NETWORK = /^tcp:\/\/([A-Za-z0-9.-]{1,253})(?::(\d{1,5}))?$/;
// A NetBIOS/DNS computer name, then a share name of printable characters Windows allows in one.
const SHARED = /^\\\\([A-Za-z0-9.-]{1,63})\\([^\\/:*?"<>|\p{Cc}]{1,80})$/u;
const SERIAL = /^((?:COM|com)\d{1,3}|\/dev\/[A-Za-z0-9._/-]{1,60})@(\d{4,6})$/;

/** The printer an address names, or null when it names none. */
export function printerTarget(address: string): PrinterTarget | null {
  // A serial path or share that climbs out (`/dev/../home/…`) names a file, not a printer.
  if (address.split(/[\\/@]/).some((segment) => segment === '..')) return null;
  const network = NETWORK.exec(address);
  if (network) {
    const port = network[2] === undefined ? 9100 : Number(network[2]);
    return port >= 1 && port <= 65535 ? { kind: 'network', host: network[1]!, port } : null;
  }
  const shared = SHARED.exec(address);
  if (shared && shared[2]!.trim() === shared[2]) return { kind: 'shared', computer: shared[1]!, share: shared[2]! };
  const serial = SERIAL.exec(address);
  if (serial && (BAUD_RATES as readonly number[]).includes(Number(serial[2]))) {
    return {
      kind: 'serial',
      path: serial[1]!.toUpperCase().startsWith('COM') ? serial[1]!.toUpperCase() : serial[1]!,
      baudRate: Number(serial[2]) as BaudRate,
    };
  }
  return null;
}

/** The settings string of a printer target; `printerTarget` reads it back. */
export function printerAddress(target: PrinterTarget): string {
  switch (target.kind) {
    case 'network':
      return `tcp://${target.host}:${target.port}`;
    case 'shared':
      return `\\\\${target.computer}\\${target.share}`;
    case 'serial':
      return `${target.path}@${target.baudRate}`;
  }
}
