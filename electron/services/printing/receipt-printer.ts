import { connect } from 'node:net';
import thermal from 'node-thermal-printer';
import type { Receipt } from '../../../shared/domain/receipt';
import { drawReceipt, type PaperWidth } from './thermal-receipt';

/** A receipt printer reached over the network, as `tcp://host:port` (9100 by convention). */
export interface ThermalSettings {
  address: string;
  paper: PaperWidth;
  /** Kick the cash drawer (wired to the printer) after a cash sale. */
  drawer: boolean;
}

/** Rows per raster block: printers cap the height of one GS v 0 image, so a long receipt goes in bands. */
const BAND_ROWS = 512;
const CONNECT_TIMEOUT_MS = 5000;
/** How long a printer may take to answer a status request; one that never answers is printed to anyway. */
const STATUS_TIMEOUT_MS = 800;
/** DLE EOT 4: the paper roll sensor status. */
const PAPER_STATUS = Buffer.from([0x10, 0x04, 0x04]);

/**
 * Asks the printer for its paper sensor (ESC/POS DLE EOT 4): bits 5 and 6 mean the roll has run out.
 * `unknown` when it does not answer in time (not every printer does); unreachable printers reject.
 */
export function paperStatus(address: string): Promise<'ok' | 'out' | 'unknown'> {
  const [, hostname = '', port = '9100'] = /^tcp:\/\/([^:/]+)(?::(\d+))?$/.exec(address) ?? [];
  return new Promise((resolve, reject) => {
    let connected = false;
    const socket = connect({ host: hostname, port: Number(port), timeout: CONNECT_TIMEOUT_MS }, () => {
      connected = true;
      socket.write(PAPER_STATUS);
      socket.setTimeout(STATUS_TIMEOUT_MS);
    });
    const done = (status: 'ok' | 'out' | 'unknown') => {
      socket.destroy();
      resolve(status);
    };
    const fail = (error: Error) => {
      socket.destroy();
      reject(new PrinterUnreachableError(address, error));
    };
    socket.once('data', (answer: Buffer) => done((answer[0]! & 0x60) !== 0 ? 'out' : 'ok'));
    socket.once('error', fail);
    // Before connecting: the printer is not there. After: it just does not answer status requests.
    socket.once('timeout', () => (connected ? done('unknown') : fail(new Error('connection timed out'))));
  });
}

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

/**
 * A picture as ESC/POS raster (GS v 0), one bit per dot — dark pixels print — in bands, since printers
 * cap one image's height.
 */
export function rasterBands(rgba: Uint8ClampedArray, width: number, height: number): Buffer {
  const bytesPerRow = Math.ceil(width / 8);
  const blocks: Buffer[] = [];
  for (let top = 0; top < height; top += BAND_ROWS) {
    const rows = Math.min(BAND_ROWS, height - top);
    const block = Buffer.alloc(8 + bytesPerRow * rows);
    block.set([0x1d, 0x76, 0x30, 0x00, bytesPerRow & 0xff, bytesPerRow >> 8, rows & 0xff, rows >> 8]);
    for (let r = 0; r < rows; r++) {
      for (let x = 0; x < width; x++) {
        const i = ((top + r) * width + x) * 4;
        // Luminance below half is ink.
        if (rgba[i]! * 0.2126 + rgba[i + 1]! * 0.7152 + rgba[i + 2]! * 0.0722 < 128) block[8 + r * bytesPerRow + (x >> 3)]! |= 0x80 >> (x & 7);
      }
    }
    blocks.push(block);
  }
  return Buffer.concat(blocks);
}

/** A receipt as the ESC/POS bytes a printer takes: raster (Arabic drawn, never code-page text), a cut, and the drawer kick when asked. */
export function encodeReceipt(receipt: Receipt, settings: ThermalSettings, drawer = settings.drawer): { printer: InstanceType<typeof thermal.ThermalPrinter>; bytes: Buffer } {
  const drawn = drawReceipt(receipt, settings.paper);
  const printer = new thermal.ThermalPrinter({ type: thermal.PrinterTypes.EPSON, interface: settings.address, options: { timeout: CONNECT_TIMEOUT_MS } });
  printer.append(rasterBands(drawn.rgba, drawn.width, drawn.height));
  printer.cut();
  if (drawer) printer.openCashDrawer();
  return { printer, bytes: printer.getBuffer() };
}

/**
 * Prints a receipt. A printer that is off or unplugged rejects with PrinterUnreachableError, one
 * out of paper with PrinterOutOfPaperError; the sale is already saved, so the caller offers a retry
 * (and the invoice list can reprint it).
 */
export async function printReceipt(receipt: Receipt, settings: ThermalSettings, drawer = settings.drawer): Promise<void> {
  if ((await paperStatus(settings.address)) === 'out') throw new PrinterOutOfPaperError(settings.address);
  const { printer } = encodeReceipt(receipt, settings, drawer);
  try {
    await printer.execute();
  } catch (error) {
    throw new PrinterUnreachableError(settings.address, error);
  }
}
