/**
 * How long a print job takes down a serial line. A serial receipt printer takes 8N1 framing: a start
 * bit, eight data bits and a stop bit, so ten bits a byte.
 */
export function serialSeconds(bytes: number, baudRate: number): number {
  return (bytes * 10) / baudRate;
}

/**
 * How long a job may take to leave for a serial printer before it counts as not reached: its time on
 * the line, a quarter more for a printer that pauses to print or to heat, and five seconds to open,
 * ask for the paper and drain.
 */
export function serialSendLimitMs(bytes: number, baudRate: number): number {
  return Math.ceil(serialSeconds(bytes, baudRate) * 1250) + 5000;
}

/** Whole seconds a receipt job of `bytes` takes down a serial line at `baudRate`. */
export function receiptSeconds(bytes: number, baudRate: number): number {
  return Math.ceil(serialSeconds(bytes, baudRate));
}
