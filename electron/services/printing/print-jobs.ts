import type { ApiClient } from '../api-client';
import type { EndpointName, RequestOf, ResponseOf } from '../../../shared/api/catalogue';
import type { DocumentOutcome, PrinterSettings, PrintOutcome } from '../../../shared/ipc';
import type { DocumentPrinter } from '../../platform/ports';
import { receiptOf, type Receipt } from '../../../shared/domain/receipt';
import type { Branch } from '../../../shared/api/branches';
import { encodePicture, encodeReceipt, printReceipt } from './receipt-printer';
import type { PaperWidth } from './thermal-receipt';
import { drawShiftReport } from './thermal-shift';
import type { ShiftSummary } from '../../../shared/api/cashup';
import { PrinterOutOfPaperError, PrinterUnreachableError, sendToPrinter } from './printer-link';

/** The size of the last receipt job sent for each paper width: what Settings' serial-line time weighs. */
const lastReceiptBytes = new Map<PaperWidth, number>();

/** Prints on this station's receipt printer; every way it can fail is an outcome the screen explains. */
function print(receipt: Receipt, printer: PrinterSettings, drawer: boolean): Promise<PrintOutcome> {
  const kick = drawer && printer.drawer;
  return send(printer, async (address) => {
    lastReceiptBytes.set(
      printer.paper,
      await printReceipt(receipt, { address, paper: printer.paper, drawer: kick }, kick),
    );
  });
}

let logFailure: (message: string, detail?: unknown) => void = () => undefined;
/** Where a printer that was not reached is told in full: the screen says only that, the log says why. */
export function logPrinterFailuresTo(log: (message: string, detail?: unknown) => void): void {
  logFailure = log;
}

async function send(printer: PrinterSettings, job: (address: string) => Promise<void>): Promise<PrintOutcome> {
  if (!printer.address) return { status: 'not-configured' };
  try {
    await job(printer.address);
    return { status: 'printed' };
  } catch (error) {
    if (error instanceof PrinterUnreachableError) {
      logFailure('receipt printer not reached', { address: printer.address, cause: String(error.cause) });
      return { status: 'unreachable' };
    }
    if (error instanceof PrinterOutOfPaperError) return { status: 'no-paper' };
    throw error;
  }
}

/** A receipt the station made itself (a sale waiting in the offline queue), on the configured printer. */
export function printReceiptOf(receipt: Receipt, printer: PrinterSettings, drawer: boolean): Promise<PrintOutcome> {
  return print(receipt, printer, drawer);
}

/** A sale's receipt, as the server has it, on the configured printer. */
export async function printSaleReceipt(
  api: ApiClient,
  printer: PrinterSettings,
  saleId: number,
  drawer: boolean,
): Promise<PrintOutcome> {
  const receipt = await fromServer(api, 'sale/receipt/:id', { id: saleId });
  return 'failed' in receipt ? receipt.failed : print(receipt.data, printer, drawer);
}

/**
 * A shift's X or Z report as the server reports it to the signed-in user (a manager any shift of their
 * branch, a cashier their own), on the configured printer.
 */
export async function printServerShiftReport(
  api: ApiClient,
  printer: PrinterSettings,
  shiftId: number,
): Promise<PrintOutcome> {
  const shift = await fromServer(api, 'cashup/report', { id: shiftId });
  return 'failed' in shift ? shift.failed : printShiftReport(printer, shift.data);
}

/**
 * What a print takes from the server, checked as it arrives (the client checks every answer against
 * the catalogue): printed paper is only ever what the server answered. A refusal (or an answer of the
 * wrong shape, SOMETHING_WENT_WRONG) is the print's outcome instead.
 */
async function fromServer<N extends EndpointName>(
  api: ApiClient,
  name: N,
  body: RequestOf<N>,
): Promise<{ data: ResponseOf<N> } | { failed: PrintOutcome }> {
  const answer = await api.call(name, body);
  return answer.status ? { data: answer.data } : { failed: { status: 'failed', message: answer.message } };
}

/** A shift's X or Z report on the receipt printer; no drawer kick. */
export function printShiftReport(printer: PrinterSettings, shift: ShiftSummary): Promise<PrintOutcome> {
  return send(printer, (address) =>
    sendToPrinter(address, encodePicture(drawShiftReport(shift, printer.paper), false)),
  );
}

/** Who a test print names as its cashier: the one sending it. */
type Cashier = { name_en: string; name_ar: string };

/**
 * A sample receipt for `branch`: its name, address, VAT number (in the QR too) and time zone, as a
 * sale there would print them, one line, nothing to pay.
 */
function sampleReceipt(branch: Branch, cashier: Cashier): Receipt {
  return receiptOf({
    sale: {
      invoice_no: 0,
      kind: 'invoice',
      original_invoice_no: null,
      created_at: new Date().toISOString(),
      gross: 0,
      discount: 0,
      net: 0,
      vat: 0,
      payable: 0,
      cash: 0,
      pos: 0,
      pos_reference: null,
      change: 0,
      lines: [{ name_en: 'Test print', name_ar: 'طباعة تجريبية', unit_price: 0, qty: 1, gross: 0 }],
    },
    branch,
    cashier,
  });
}

/** The station's branch as the server has it (`branchId` null: the caller's own). */
const stationBranch = (api: ApiClient, branchId: number | null) =>
  fromServer(api, 'branch/station', { branch_id: branchId });

/** A sample receipt for the station's branch, to check a printer while setting it up (no drawer kick). */
export async function printTestReceipt(
  api: ApiClient,
  printer: PrinterSettings,
  branchId: number | null,
  cashier: Cashier,
): Promise<PrintOutcome> {
  const branch = await stationBranch(api, branchId);
  return 'failed' in branch ? branch.failed : print(sampleReceipt(branch.data, cashier), printer, false);
}

/** The bytes of a receipt job on `paper`: the last one printed on it, else the test print's (null: not read). */
export async function receiptJobBytes(
  api: ApiClient,
  paper: PaperWidth,
  branchId: number | null,
  cashier: Cashier,
): Promise<number | null> {
  const last = lastReceiptBytes.get(paper);
  if (last !== undefined) return last;
  const branch = await stationBranch(api, branchId);
  return 'failed' in branch ? null : encodeReceipt(sampleReceipt(branch.data, cashier), { paper }, false).length;
}

/**
 * The A4 invoice on screen, on the station's invoice printer without asking. A chosen printer since
 * removed from the system would fail silently, so then (as with none chosen) the print dialog asks.
 */
export async function printInvoicePage(documents: DocumentPrinter, chosen: string | null): Promise<DocumentOutcome> {
  const known = await documents.printers();
  const present = chosen !== null && known.status === 'listed' && known.printers.some((p) => p.name === chosen);
  return documents.print(present ? chosen : null);
}
