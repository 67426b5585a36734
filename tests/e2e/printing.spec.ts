import { createServer, type Server } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { adminOn, adminToken, api, shot, tillInMainBranch } from './helpers';

/** A receipt printer on loopback: keeps every job's bytes. */
class LoopbackPrinter {
  jobs: Buffer[] = [];
  paperOut = false;
  private server: Server | null = null;
  port = 0;
  async start(port = 0) {
    this.server = createServer((socket) => {
      const chunks: Buffer[] = [];
      socket.on('data', (c: Buffer) => {
        // DLE EOT 4, the paper sensor: answer with the roll present or out.
        if (c.equals(Buffer.from([0x10, 0x04, 0x04]))) socket.write(Buffer.from([this.paperOut ? 0x72 : 0x12]));
        else chunks.push(c);
      });
      socket.on('close', () => chunks.length && this.jobs.push(Buffer.concat(chunks)));
    });
    await new Promise<void>((done) => this.server!.listen(port, '127.0.0.1', done));
    this.port = (this.server.address() as { port: number }).port;
  }
  stop() {
    return new Promise<void>((done) => (this.server ? this.server.close(() => done()) : done()));
  }
  /** Width in dots of the job's first raster image (GS v 0 xL xH), and its cut and drawer commands. */
  static read(job: Buffer) {
    const at = job.indexOf(Buffer.from([0x1d, 0x76, 0x30]));
    return { width: (job[at + 4]! + job[at + 5]! * 256) * 8, cut: job.includes(Buffer.from([0x1d, 0x56])), drawer: job.includes(Buffer.from([0x1b, 0x70])) };
  }
}

const words = {
  en: { printed: 'Receipt printed.', unreachable: /does not answer/, noPaper: /out of paper/ },
  ar: { printed: 'تمت طباعة الإيصال.', unreachable: /لا تستجيب/, noPaper: /نفد الورق/ },
} as const;

async function setPrinter(page: Page, lang: 'en' | 'ar', address: string, auto: boolean) {
  await adminOn(page, lang, 'Settings');
  await page.getByTestId('printer-address').fill(address);
  const autoSwitch = page.getByTestId('printer-auto');
  if ((await autoSwitch.getAttribute('aria-checked')) !== String(auto)) await autoSwitch.click();
  const drawer = page.getByTestId('printer-drawer');
  if ((await drawer.getAttribute('aria-checked')) !== String(auto)) await drawer.click();
}

for (const lang of ['en', 'ar'] as const) {
  test.describe(`${lang}: the receipt printer`, () => {
    const printer = new LoopbackPrinter();
    test.beforeAll(() => printer.start());
    test.afterAll(async ({ browser }) => {
      await printer.stop();
      // Leave the station without a printer, as the other tests expect it.
      const page = await browser.newPage();
      await setPrinter(page, lang, '', false);
      await page.getByTestId('printer-save').click();
      await page.close();
    });

    test('is set up with a test print, prints after a cash sale with the drawer kick; off or out of paper, it says so and offers a retry', async ({ page }) => {
      const w = words[lang];
      const token = await adminToken();
      const product = (await api('product/create', { name_en: `Juice ${lang}`, name_ar: `عصير ${lang}`, price: 800, tax_id: 1, included: 1 }, token)).data;
      await api('product/addstock', { id: product.id, qty: 5 }, token);

      await setPrinter(page, lang, 'not a printer', true);
      await page.getByTestId('printer-test').click();
      await expect(page.getByTestId('printer-form')).toContainText(lang === 'en' ? 'This value is not valid' : 'غير صحيحة');
      await page.getByTestId('printer-address').fill(`tcp://127.0.0.1:${printer.port}`);
      await page.getByTestId('printer-test').click();
      await expect(page.getByText(w.printed)).toBeVisible();
      expect(LoopbackPrinter.read(printer.jobs.at(-1)!)).toEqual({ width: 576, cut: true, drawer: false });
      await page.getByTestId('printer-save').click();
      await shot(page, `printer-settings-${lang}`, { settled: true });

      // A cash sale prints by itself and opens the drawer.
      await page.goto('/#/Sales');
      await tillInMainBranch(page, lang);
      await page.getByTestId(`cart-add-${product.id}`).click();
      await page.locator('[data-testid=pay-cash] input, input[data-testid=pay-cash]').first().fill('10');
      const before = printer.jobs.length;
      await page.getByTestId('cart-complete').click();
      await expect(page.getByText(w.printed)).toBeVisible();
      await expect.poll(() => printer.jobs.length).toBe(before + 1);
      expect(LoopbackPrinter.read(printer.jobs.at(-1)!)).toEqual({ width: 576, cut: true, drawer: true });

      // The printer is switched off: the sale stays, the message offers a retry, which works once it is back.
      await printer.stop();
      await page.getByTestId('sale-print-receipt').click();
      await expect(page.getByText(w.unreachable)).toBeVisible();
      // The earlier toasts go after 2 s; this one stays until it is acted on.
      await expect(page.locator('.ant-notification-notice')).toHaveCount(1, { timeout: 8000 });
      await shot(page, `printer-unreachable-${lang}`);
      await printer.start(printer.port);
      await page.getByTestId('print-retry').click();
      await expect(page.getByText(w.printed)).toBeVisible();
      await expect.poll(() => printer.jobs.length).toBe(before + 2);

      // Out of paper: said plainly, nothing printed; a new roll and a retry print it.
      printer.paperOut = true;
      await page.getByTestId('sale-print-receipt').click();
      await expect(page.getByText(w.noPaper)).toBeVisible();
      expect(printer.jobs.length).toBe(before + 2);
      printer.paperOut = false;
      await page.getByTestId('print-retry').click();
      await expect.poll(() => printer.jobs.length).toBe(before + 3);
    });
  });
}
