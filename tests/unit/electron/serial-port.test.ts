import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { openSerialPort } from '../../../electron/services/printing/serial-port';
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
    port.write(job);
    const written = new Promise<'written'>((done) => port.drain(() => done('written')));
    // The line holds far less than the job: the write soon waits for room. Then a read starts waiting too.
    const poller = (port.port as unknown as { poller: PollerView }).poller;
    while (poller.listenerCount('writable') === 0) await sleep(5);
    port.on('data', () => undefined);
    // Closing the port cancels the read still waiting: the stream reports that as an error.
    port.on('error', () => undefined);
    // A write the read stopped never drains: the test's time limit ends that run, no verdict rests on time.
    expect(await written).toBe('written');
    await new Promise<void>((done) => port.close(() => done()));
    expect((await printer.job()).length).toBe(job.length);
  }, 60_000);
});
