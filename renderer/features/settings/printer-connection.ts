import {
  BAUD_RATES,
  printerAddress,
  printerTarget,
  type BaudRate,
  type PrinterTarget,
} from '../../../shared/domain/printer-address';

/** How the receipt printer is plugged in, as the settings form asks it: one field (or two) per way. */
export type ConnectionValues = {
  kind: PrinterTarget['kind'];
  /** `192.168.1.50`, `192.168.1.50:9100` or `tcp://…`. */
  network: string;
  /** The share name of a printer shared on this computer (`POS80`), or `\\OTHER-PC\POS80`. */
  share: string;
  /** `COM3`, or a device path. */
  serialPort: string;
  baudRate: BaudRate;
};

/** The field that carries the address for each way of plugging a printer in (where its errors show). */
export const CONNECTION_FIELD = { network: 'network', shared: 'share', serial: 'serialPort' } as const satisfies Record<
  PrinterTarget['kind'],
  keyof ConnectionValues
>;

export const noConnection: ConnectionValues = {
  kind: 'network',
  network: '',
  share: '',
  serialPort: '',
  baudRate: BAUD_RATES[0],
};

/** The form's fields for a saved address (a blank network address when none is set). */
export function connectionOf(address: string | null): ConnectionValues {
  const target = address === null ? null : printerTarget(address);
  switch (target?.kind) {
    case 'network':
      return { ...noConnection, network: printerAddress(target) };
    case 'shared':
      return {
        ...noConnection,
        kind: 'shared',
        share: target.computer.toLowerCase() === 'localhost' ? target.share : printerAddress(target),
      };
    case 'serial':
      return { ...noConnection, kind: 'serial', serialPort: target.path, baudRate: target.baudRate };
    default:
      return noConnection;
  }
}

/**
 * The address the fields name, written the one way `printerTarget` reads: null when the chosen way's
 * field is blank (no receipt printer), or `invalid` when it names no printer.
 */
export function addressOf(values: ConnectionValues): string | null | 'invalid' {
  const typed = values[CONNECTION_FIELD[values.kind]].trim();
  if (!typed) return null;
  const address =
    values.kind === 'network'
      ? /^tcp:\/\//i.test(typed)
        ? typed.replace(/^tcp:\/\//i, 'tcp://')
        : `tcp://${typed}`
      : values.kind === 'shared'
        ? typed.startsWith('\\\\')
          ? typed
          : `\\\\localhost\\${typed}`
        : `${typed}@${values.baudRate}`;
  const target = printerTarget(address);
  return target ? printerAddress(target) : 'invalid';
}
