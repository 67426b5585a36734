import { connect } from 'node:net';
import { writeFile } from 'node:fs/promises';
import type { Duplex } from 'node:stream';
import { SerialPortStream } from '@serialport/stream';
import { printerAddress, printerTarget, type PrinterTarget } from '../../../shared/domain/printer-address';
import { serialSendLimitMs } from '../../../shared/domain/serial-time';
import { openSerialPort } from './serial-port';

const CONNECT_TIMEOUT_MS = 5000;
/** How long a printer may take to answer a status request; one that never answers is printed to anyway. */
const STATUS_TIMEOUT_MS = 800;
/** How long a job may take to leave for a network or shared printer before it counts as not reached (a serial line's limit follows its speed). */
const SEND_TIMEOUT_MS = 20_000;
/** How long to wait for a network printer to close after a job before closing it ourselves. */
const CLOSE_GRACE_MS = 2000;
/** DLE EOT 4: the paper roll sensor status. */
const PAPER_STATUS = Buffer.from([0x10, 0x04, 0x04]);

export class PrinterOutOfPaperError extends Error {
  constructor(address: string) {
    super(`The receipt printer at ${address} is out of paper`);
    this.name = 'PrinterOutOfPaperError';
  }
}

export class PrinterUnreachableError extends Error {
  constructor(address: string, cause: unknown) {
    super(`The receipt printer at ${address} could not be reached`, { cause });
    this.name = 'PrinterUnreachableError';
  }
}

/** The job each printer is busy with: a serial port opens to one job at a time, and a receipt must not be cut into another. */
const busy = new Map<string, Promise<void>>();

/**
 * Sends one job to the receipt printer at `address` (see `printerTarget`), after the jobs already
 * sent to it. A printer that can answer (network, serial) is first asked for its paper: one out of
 * paper gets nothing and rejects with PrinterOutOfPaperError. One that is off, unplugged or not there
 * rejects with PrinterUnreachableError.
 */
export function sendToPrinter(address: string, job: Buffer): Promise<void> {
  const sent = (busy.get(address) ?? Promise.resolve()).then(() => sendNow(address, job));
  const settled = sent.catch(() => undefined);
  busy.set(address, settled);
  void settled.then(() => busy.get(address) === settled && busy.delete(address));
  return sent;
}

async function sendNow(address: string, job: Buffer): Promise<void> {
  const target = printerTarget(address);
  if (!target) throw new PrinterUnreachableError(address, new Error('not a printer address'));
  try {
    if (target.kind === 'shared') {
      // Elsewhere a UNC path is just an odd file name: the job would land in a file, not on paper.
      if (process.platform !== 'win32')
        throw new PrinterUnreachableError(address, new Error('printer shares are reached from Windows only'));
      // The address of a share is its UNC path.
      return await writeToShare(printerAddress(target), job);
    }
    // At 9600 baud a receipt takes half a minute on the line: a fixed limit would stop it midway.
    const limit = target.kind === 'serial' ? serialSendLimitMs(job.length, target.baudRate) : SEND_TIMEOUT_MS;
    await sendOverStream(await open(target), job, address, limit);
  } catch (error) {
    throw error instanceof PrinterOutOfPaperError || error instanceof PrinterUnreachableError
      ? error
      : new PrinterUnreachableError(address, error);
  }
}

/**
 * A printer shared by Windows takes a job written to its share, which the spooler hands on untouched
 * (as `copy /b receipt.bin \\localhost\POS80` does). It cannot answer a status request.
 */
export async function writeToShare(path: string, job: Buffer): Promise<void> {
  const aborted = AbortSignal.timeout(SEND_TIMEOUT_MS);
  await writeFile(path, job, { signal: aborted });
}

function open(target: Exclude<PrinterTarget, { kind: 'shared' }>): Promise<Duplex> {
  if (target.kind === 'serial') return openSerialPort(target.path, target.baudRate);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: target.host, port: target.port });
    const timer = setTimeout(() => socket.destroy(new Error('connection timed out')), CONNECT_TIMEOUT_MS);
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.off('error', reject);
      resolve(socket);
    });
    socket.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

/** Asks for the paper on an open link, then, unless it has run out, sends the job. The link is closed either way. */
async function sendOverStream(link: Duplex, job: Buffer, address: string, limitMs: number): Promise<void> {
  let failed: Error | null = null;
  link.on('error', (error) => (failed = error));
  try {
    const paper = await paperStatus(link, STATUS_TIMEOUT_MS);
    if (paper === 'out') throw new PrinterOutOfPaperError(address);
    const started = Date.now();
    await withTimeout(link instanceof SerialPortStream ? flushSerial(link, job) : endSocket(link, job), limitMs);
    // A serial drain can return before the far end has every byte (a pseudo-terminal does, as can a
    // USB adapter's buffer), and opening the port for the next job flushes what is still on its way:
    // that cut the tail, with its cut, off the first of two receipts. A printer that answered the paper
    // check is asked again; its answer comes after the job's last byte, so then the port may close.
    if (link instanceof SerialPortStream && paper === 'ok')
      await paperStatus(link, Math.max(STATUS_TIMEOUT_MS, limitMs - (Date.now() - started)));
    if (failed) throw failed;
  } finally {
    if (link instanceof SerialPortStream) {
      if (link.isOpen) await new Promise<void>((done) => link.close(() => done()));
    } else link.destroy();
  }
}

/** Written and drained to the device: the serial port can then be closed without losing the tail. */
function flushSerial(port: SerialPortStream, job: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    port.write(job);
    port.drain((error) => (error ? reject(error) : resolve()));
  });
}

/**
 * Sent, then closed from our side; done when the printer closes too, or after a grace period for one
 * that keeps the connection open (closing with its status bytes unread would reset the connection).
 */
function endSocket(socket: Duplex, job: Buffer): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, CLOSE_GRACE_MS);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
    socket.end(job);
  });
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error('the printer did not take the job in time')), ms)),
  );
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * The paper sensor (ESC/POS DLE EOT 4): bits 5 and 6 of the answer mean the roll has run out.
 * `unknown` when the printer does not answer within `waitMs` (not every printer does). A printer may
 * also speak unasked (XON and XOFF for flow control, its own status when something changes): only a
 * byte in the answer's form (bits 1 and 4 set, 0 and 7 clear) is the answer.
 */
function paperStatus(link: Duplex, waitMs: number): Promise<'ok' | 'out' | 'unknown'> {
  return new Promise((resolve, reject) => {
    const settle = (status: 'ok' | 'out' | 'unknown') => {
      clearTimeout(timer);
      link.off('data', onData);
      link.off('error', onError);
      resolve(status);
    };
    const onData = (bytes: Buffer) => {
      const answer = bytes.find((byte) => (byte & 0x93) === 0x12);
      if (answer !== undefined) settle((answer & 0x60) !== 0 ? 'out' : 'ok');
    };
    const onError = (error: Error) => {
      clearTimeout(timer);
      reject(error);
    };
    const timer = setTimeout(() => settle('unknown'), waitMs);
    link.on('data', onData);
    link.once('error', onError);
    link.write(PAPER_STATUS);
  });
}
