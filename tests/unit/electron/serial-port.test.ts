import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { openSerialPort } from '../../../electron/services/printing/serial-port';
import { serialSendLimitMs } from '../../../shared/domain/serial-time';
import { serialPrinter } from '../../fixtures/serial-printer';

interface PollerView {
  listenerCount(event: 'writable'): number;
}

// Windows' binding reads and writes without a poller: there is nothing of this to hold.
describe.skipIf(process.platform === 'win32')('a serial port', () => {
  it('a read that starts while a write waits for room on the line does not stop the write', async () => {
    const printer = await serialPrinter(0x12);
    const port = await openSerialPort(printer.device, 115200);
    const job = Buffer.alloc(40_000, 0x41);
    // The product's own limit for this job on this line: past it the station says the printer was not reached.
    const limit = serialSendLimitMs(job.length, 115200);
    const deadline = sleep(limit).then(() => 'stalled' as const);
    port.write(job);
    const written = new Promise<'written'>((done) => port.drain(() => done('written')));
    // The line holds far less than the job: the write soon waits for room. Then a read starts waiting too.
    const poller = (port.port as unknown as { poller: PollerView }).poller;
    const full = (async () => {
      while (poller.listenerCount('writable') === 0) await sleep(5);
      return 'full' as const;
    })();
    expect(await Promise.race([full, deadline])).toBe('full');
    port.on('data', () => undefined);
    // Closing the port cancels the read still waiting: the stream reports that as an error.
    port.on('error', () => undefined);
    expect(await Promise.race([written, deadline])).toBe('written');
    await new Promise<void>((done) => port.close(() => done()));
    expect((await printer.job()).length).toBe(job.length);
  }, 60_000);
});
