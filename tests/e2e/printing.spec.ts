import { createServer, type Server } from 'node:net';
import type { SystemPrinters } from '../../shared/ipc';
import { expect, test, type Page } from '@playwright/test';
import {
  adminOn,
  adminToken,
  api,
  choose,
  chooseLanguage,
  employeeIn,
  flags,
  freshStation,
  productInStock,
  recordToasts,
  roleWith,
  selectOption,
  seriousViolations,
  shiftOpen,
  shot,
  signIn,
  tillInMainBranch,
} from './helpers';
import { serialPrinter } from '../fixtures/serial-printer';
import { commandLine, decodeEscPos } from '../fixtures/escpos-decoder';
import { formatDateTime } from '../../renderer/components/format/dates';

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
  /**
   * A job read as the printer reads it, command by command (a stray or cut-short byte throws): the
   * paper its ink needs, how it starts (after any paper check), whether it is cut, and the drawer kicks.
   */
  static read(job: Buffer) {
    const { commands, paper } = decodeEscPos(job, 576);
    const line = commandLine(commands).filter((c) => !c.startsWith('DLE EOT'));
    const beyond58mm = paper
      .inkedRows()
      .some((y) => Array.from({ length: 576 - 384 }, (_, i) => 384 + i).some((x) => paper.ink(x, y)));
    return {
      paper: beyond58mm ? 80 : 58,
      start: line[0],
      cut: line.includes('GS V 0'),
      drawer: line.filter((c) => c.startsWith('ESC p')),
    };
  }
}

/** The receipt as the settings' test print or an invoice without the drawer: 80 mm, reset first, cut. */
const receiptNoDrawer = { paper: 80, start: 'ESC @', cut: true, drawer: [] };
/** Pins 2 and 5, each on 25 × 2 ms and off 250 × 2 ms. */
const drawerKick = ['ESC p 0 25 250', 'ESC p 1 25 250'];

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

    test('is set up with a test print, prints after a cash sale with the drawer kick; off or out of paper, it says so and offers a retry', async ({
      page,
    }) => {
      const w = words[lang];
      const token = await adminToken();
      const product = await productInStock(token, { name_en: `Juice ${lang}`, name_ar: `عصير ${lang}`, price: 800 }, 5);

      await setPrinter(page, lang, 'not a printer', true);
      await page.getByTestId('printer-test').click();
      await expect(page.getByTestId('printer-form')).toContainText(
        lang === 'en' ? 'This value is not valid' : 'غير صحيحة',
      );
      await page.getByTestId('printer-address').fill(`tcp://127.0.0.1:${printer.port}`);
      await page.getByTestId('printer-test').click();
      await expect(page.getByText(w.printed)).toBeVisible();
      expect(LoopbackPrinter.read(printer.jobs.at(-1)!)).toEqual(receiptNoDrawer);
      await page.getByTestId('printer-save').click();
      await shot(page, `printer-settings-${lang}`, { settled: true });

      // A cash sale prints by itself and opens the drawer (through the administrator's open shift).
      await shiftOpen(token);
      await page.goto('/#/Sales');
      await tillInMainBranch(page, lang);
      await page.getByTestId(`cart-add-${product.id}`).click();
      await page.locator('[data-testid=pay-cash] input, input[data-testid=pay-cash]').first().fill('10');
      const before = printer.jobs.length;
      await page.getByTestId('cart-complete').click();
      await expect(page.getByText(w.printed)).toBeVisible();
      await expect.poll(() => printer.jobs.length).toBe(before + 1);
      expect(LoopbackPrinter.read(printer.jobs.at(-1)!)).toEqual({ ...receiptNoDrawer, drawer: drawerKick });

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

    test('a cashier whose role sells but does not read invoices gets the receipt and the A4 invoice of their sale', async ({
      page,
    }) => {
      const token = await adminToken();
      const stamp = `${Date.now() % 1_000_000}`.padStart(6, '0');
      const product = await productInStock(
        token,
        { name_en: `Crayons ${stamp}`, name_ar: `ألوان ${stamp}`, price: 1200 },
        5,
      );
      const role = await roleWith(token, [`Till only ${stamp}`, `الصندوق فقط ${stamp}`], {
        Sales: flags('access', 'view', 'create'),
      });
      const cashier = { login: `0507${stamp}`, password: 'till-only-1' };
      await employeeIn(token, role, {
        names: [`Reem ${stamp}`, `ريم ${stamp}`],
        mobile: cashier.login,
        password: cashier.password,
      });
      await shiftOpen((await api('user/login', cashier)).data.accessToken);

      // The station's printer prints by itself after a cash sale.
      await setPrinter(page, lang, `tcp://127.0.0.1:${printer.port}`, true);
      await page.getByTestId('printer-save').click();
      await expect(page.getByText(lang === 'en' ? 'Done.' : 'تم.')).toBeVisible();
      await freshStation(page);
      await chooseLanguage(page, lang);
      await signIn(page, cashier.login, cashier.password);
      await page.goto('/#/Sales');
      await page.getByTestId(`cart-add-${product.id}`).click();
      await page.locator('[data-testid=pay-cash] input, input[data-testid=pay-cash]').first().fill('20');
      const before = printer.jobs.length;
      await page.getByTestId('cart-complete').click();
      await expect(page.getByText(words[lang].printed)).toBeVisible();
      await expect.poll(() => printer.jobs.length).toBe(before + 1);
      expect(LoopbackPrinter.read(printer.jobs.at(-1)!)).toEqual({ ...receiptNoDrawer, drawer: drawerKick });

      // The A4 invoice opens from the sale, and Back returns to the till.
      await page.getByTestId('sale-print').click();
      await expect(page.getByTestId('invoice-total')).toContainText('12.00');
      await shot(page, `invoice-a4-at-the-till-${lang}`, { settled: true });
      await page.getByRole('button', { name: lang === 'en' ? 'Back' : 'رجوع' }).click();
      await expect(page.getByTestId(`cart-add-${product.id}`)).toBeVisible();
    });
  });
}

/** The whole seconds a receipt-time sentence names (the only number in it besides the baud rate). */
const secondsIn = (text: string | null) => Number(/(\d+) (?:seconds?|ثانية|ثوانٍ)/.exec(text ?? '')?.[1]);

/** The receipt's time on the line as the screen gives it, once it speaks of this speed (a moment after the choice). */
async function receiptSeconds(page: Page, baud: number): Promise<number> {
  const time = page.getByTestId('printer-receipt-time');
  await expect(time).toContainText(new RegExp(`\\b${baud}\\b`));
  return secondsIn(await time.textContent());
}

const kinds = {
  en: {
    shared: 'Windows shared printer',
    serial: 'Serial port',
    network: 'Network',
    invalid: 'This value is not valid',
    printed: 'Receipt printed.',
    time: (baud: number, seconds: number) =>
      `At ${baud} baud a receipt takes about ${seconds} seconds to reach the printer.`,
  },
  ar: {
    shared: 'طابعة مشتركة في ويندوز',
    serial: 'منفذ تسلسلي',
    network: 'الشبكة',
    invalid: 'غير صحيحة',
    printed: 'تمت طباعة الإيصال.',
    time: (baud: number, seconds: number) => `بسرعة ${baud} باود يستغرق وصول الإيصال إلى الطابعة نحو ${seconds} ثانية.`,
  },
} as const;

for (const lang of ['en', 'ar'] as const) {
  test(`${lang}: a receipt printer shared by Windows or on a serial port is set up and kept; at 9600 baud a whole receipt prints`, async ({
    page,
  }) => {
    const k = kinds[lang];
    await adminOn(page, lang, 'Settings');
    await page.getByTestId('printer-kind').getByText(k.shared).click();
    await page.getByTestId('printer-share').fill('POS/80');
    await page.getByTestId('printer-save').click();
    await expect(page.getByTestId('printer-form')).toContainText(k.invalid);
    await page.getByTestId('printer-share').fill('POS80');
    await page.getByTestId('printer-save').click();
    await page.reload();
    await expect(page.getByTestId('printer-share')).toHaveValue('POS80');
    await expect(page.getByTestId('printer-share')).toBeVisible();
    await shot(page, `printer-settings-shared-${lang}`, { settled: true });

    // A serial printer at 9600 baud, the usual factory speed: the screen says how long a receipt takes
    // there, and a sale's whole 80 mm receipt arrives at that speed (the line delivers no faster), cut.
    test.setTimeout(180_000);
    const printer = await serialPrinter(0x12);
    await page.getByTestId('printer-kind').getByText(k.serial).click();
    await page.getByTestId('printer-serial').fill(printer.device);
    // The time is weighed on a real job (a receipt printed here, or the test print), ≤ 25 KB at 80 mm.
    await page.getByTestId('printer-baud').click();
    await selectOption(page, '19200');
    const at19200 = await receiptSeconds(page, 19200);
    await page.getByTestId('printer-baud').click();
    await selectOption(page, '9600');
    const at9600 = await receiptSeconds(page, 9600);
    await expect(page.getByTestId('printer-receipt-time')).toHaveText(k.time(9600, at9600));
    expect(at9600).toBeLessThanOrEqual(Math.ceil(25_000 / 960));
    expect([Math.floor(at9600 / 2), Math.ceil(at9600 / 2)]).toContain(at19200);
    await page.getByTestId('printer-save').click();
    await shot(page, `printer-settings-serial-9600-${lang}`, { settled: true });
    const token = await adminToken();
    const product = await productInStock(
      token,
      { name_en: `Kite ${lang}`, name_ar: `طائرة ورقية ${lang}`, price: 2500 },
      1,
    );
    await shiftOpen(token);
    const sale = (
      await api(
        'sale/sale/create',
        { cart: [{ product: { id: product.id, qty: 1 } }], salesData: { payments: { cash: 2500 }, branch_id: 1 } },
        token,
      )
    ).data;
    await page.goto('/#/Invoices');
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: `#${sale.invoice_no}`, exact: true }) });
    const sent = Date.now();
    await row.getByTestId('invoice-print-receipt').click();
    await expect(page.getByText(k.printed)).toBeVisible({ timeout: 90_000 });
    const seconds = (Date.now() - sent) / 1000;
    const job = await printer.job();
    expect(LoopbackPrinter.read(job)).toEqual(receiptNoDrawer);
    expect(commandLine(decodeEscPos(job, 576).commands).slice(-3)).toEqual(['GS V 0', 'ESC @', 'DLE EOT 4']);
    expect(await printer.speed()).toBe(9600);
    // On a line that delivers 960 bytes a second, the receipt cannot have arrived sooner.
    expect(seconds).toBeGreaterThanOrEqual(job.length / 960);
    console.log(`serial 9600 baud: a whole 80 mm receipt, ${job.length} bytes, printed in ${seconds.toFixed(1)} s`);
    // Settings now weighs its time on this receipt: its bytes without the two paper checks (3 bytes each).
    await page.goto('/#/Settings');
    await expect(page.getByTestId('printer-receipt-time')).toHaveText(k.time(9600, Math.ceil((job.length - 6) / 960)));
    await page.getByTestId('printer-serial').fill('COM3');
    await page.getByTestId('printer-save').click();
    await page.reload();
    await expect(page.getByTestId('printer-serial')).toHaveValue('COM3');
    await expect(page.getByTestId('printer-baud')).toContainText('9600');
    await shot(page, `printer-settings-serial-${lang}`, { settled: true });

    // Back to no printer, as the other tests expect.
    await page.getByTestId('printer-kind').getByText(k.network).click();
    await page.getByTestId('printer-address').fill('');
    await page.getByTestId('printer-save').click();
    await page.reload();
    await expect(page.getByTestId('printer-address')).toHaveValue('');
  });
}

/**
 * The desktop shell, as far as the page can tell: browser mode's bridge, with the calls only Electron
 * answers (app info, the system's printers, printing the page) answered as the shell would, and recorded.
 */
async function asDesktopApp(page: Page) {
  const printers: SystemPrinters = {
    status: 'listed',
    printers: [
      { name: 'HP_LaserJet_M404', displayName: 'HP LaserJet M404' },
      { name: 'Brother_HL_L2350DW', displayName: 'Brother HL-L2350DW' },
    ],
  };
  const documents: unknown[] = [];
  const shell: Record<string, (arg: unknown) => unknown> = {
    'pos:app-info': () => ({ version: 'e2e', shell: 'electron', serverUrl: '' }),
    'pos:printers-list': () => printers,
    'pos:print-document': (arg) => {
      documents.push(arg);
      const request = arg as { action: 'print' } | { action: 'pdf'; fileName: string };
      return request.action === 'pdf'
        ? { status: 'saved', fileName: `C:\\Users\\Cashier\\Documents\\${request.fileName}` }
        : { status: 'printed' };
    },
  };
  await page.routeWebSocket(/\/bridge(\?.*)?$/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((raw) => {
      const call = JSON.parse(String(raw)) as { id: number; channel: string; arg: unknown };
      const answer = shell[call.channel];
      if (answer) ws.send(JSON.stringify({ kind: 'result', id: call.id, result: answer(call.arg) }));
      else server.send(raw);
    });
  });
  return { documents };
}

const desktop = {
  en: {
    ask: 'Ask each time',
    sent: 'Invoice sent to the printer.',
    saved: 'Invoice saved: C:\\Users\\Cashier\\Documents\\invoice-',
  },
  ar: {
    ask: 'السؤال في كل مرة',
    sent: 'أُرسلت الفاتورة إلى الطابعة.',
    saved: 'حُفظت الفاتورة: \u2066C:\\Users\\Cashier\\Documents\\invoice-',
  },
} as const;

for (const lang of ['en', 'ar'] as const) {
  test(`${lang}: in the desktop app, A4 invoices go to the printer chosen from the system's list, or to a PDF`, async ({
    page,
  }) => {
    const d = desktop[lang];
    const shell = await asDesktopApp(page);
    const token = await adminToken();
    const product = await productInStock(
      token,
      { name_en: `Balloon ${lang}`, name_ar: `بالون ${lang}`, price: 500 },
      2,
    );
    await shiftOpen(token);
    const sale = (
      await api(
        'sale/sale/create',
        { cart: [{ product: { id: product.id, qty: 1 } }], salesData: { payments: { cash: 500 }, branch_id: 1 } },
        token,
      )
    ).data;

    await adminOn(page, lang, 'Settings');
    await expect(page.getByTestId('invoice-printer')).toContainText(d.ask);
    await page.getByTestId('invoice-printer').click();
    await selectOption(page, 'HP LaserJet M404');
    await page.getByTestId('invoice-printer-save').click();
    await page.reload();
    await expect(page.getByTestId('invoice-printer')).toContainText('HP LaserJet M404');
    await shot(page, `printer-settings-desktop-${lang}`, { settled: true });

    await page.goto(`/#/Invoices/${sale.id}/print`);
    await page.getByTestId('invoice-print').click();
    await expect(page.getByText(d.sent)).toBeVisible();
    await page.getByTestId('invoice-pdf').click();
    await expect(page.getByText(`${d.saved}${sale.invoice_no}.pdf`)).toBeVisible();
    expect(shell.documents).toEqual([
      { action: 'print' },
      { action: 'pdf', fileName: `invoice-${sale.invoice_no}.pdf` },
    ]);
    // The message is there but still fading in (opacity is not visibility to Playwright).
    await page.waitForTimeout(400);
    await shot(page, `invoice-a4-desktop-${lang}`);

    // Back to asking each time, as a new station would.
    await page.goto('/#/Settings');
    await page.getByTestId('invoice-printer').click();
    await selectOption(page, d.ask);
    await page.getByTestId('invoice-printer-save').click();
  });
}

const zones = {
  en: { noVat: /This branch has no VAT number/, printed: 'Receipt printed.' },
  ar: { noVat: /لا يوجد رقم ضريبي لهذا الفرع/, printed: 'تمت طباعة الإيصال.' },
} as const;

for (const lang of ['en', 'ar'] as const) {
  test(`${lang}: an administrator's invoice list reads each invoice in its branch's zone and spins only the print button pressed; a branch without a VAT number warns at the till`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const z = zones[lang];
    const token = await adminToken();
    const stamp = `${lang}${Date.now() % 100000}`;
    // Kiosks that do not count their cash at a shift's close: the administrator sells there without one.
    const branch = async (fields: { name_en: string; name_ar: string; time_zone: string; vat_number?: string }) =>
      (await api('branch/create', { ...fields, country: 'SA', counts_cash: false }, token)).data;
    const riyadh = await branch({
      name_en: `Riyadh ${stamp}`,
      name_ar: `الرياض ${stamp}`,
      time_zone: 'Asia/Riyadh',
      vat_number: '310122393500003',
    });
    const dubai = await branch({ name_en: `Dubai ${stamp}`, name_ar: `دبي ${stamp}`, time_zone: 'Asia/Dubai' });
    const product = await productInStock(token, { name_en: `Yo-yo ${stamp}`, name_ar: `يويو ${stamp}`, price: 700 }, 4);
    const sell = async (branch_id: number) =>
      (
        await api(
          'sale/sale/create',
          { cart: [{ product: { id: product.id, qty: 1 } }], salesData: { payments: { cash: 700 }, branch_id } },
          token,
        )
      ).data;
    const inRiyadh = await sell(riyadh.id);
    const inDubai = await sell(dubai.id);

    // A printer at 19200 baud: a receipt takes seconds to cross the line, long enough to see who spins.
    const printer = await serialPrinter(0x12);
    await adminOn(page, lang, 'Settings');
    await page.getByTestId('printer-kind').getByText(kinds[lang].serial).click();
    await page.getByTestId('printer-serial').fill(printer.device);
    await page.getByTestId('printer-baud').click();
    await selectOption(page, '19200');
    await page.getByTestId('printer-save').click();
    await expect(page.getByText(lang === 'en' ? 'Done.' : 'تم.')).toBeVisible();

    // Newest first, both numbered 1 in their own branch: each read on its own branch's clock.
    await page.goto('/#/Invoices');
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    const [dubaiRow, riyadhRow] = [rows.nth(0), rows.nth(1)];
    await expect(dubaiRow).toContainText(formatDateTime(inDubai.created_at, lang, 'short', 'Asia/Dubai'));
    await expect(riyadhRow).toContainText(formatDateTime(inRiyadh.created_at, lang, 'short', 'Asia/Riyadh'));
    expect(formatDateTime(inDubai.created_at, lang, 'short', 'Asia/Dubai')).not.toBe(
      formatDateTime(inDubai.created_at, lang, 'short', 'UTC'),
    );

    const toasts = await recordToasts(page);
    await dubaiRow.getByTestId('invoice-print-receipt').click();
    await expect(dubaiRow.getByTestId('invoice-print-receipt')).toHaveClass(/ant-btn-loading/);
    await expect(riyadhRow.getByTestId('invoice-print-receipt')).not.toHaveClass(/ant-btn-loading/);
    expect(await page.locator('[data-testid=invoice-print-receipt].ant-btn-loading').count()).toBe(1);
    await shot(page, `invoices-zones-one-printing-${lang}`);
    expect(await seriousViolations(page)).toEqual([]);
    // The receipt may be out, and its 2-second toast gone, before the screenshot and axe are done.
    await expect.poll(toasts, { timeout: 90_000 }).toContainEqual(expect.stringContaining(z.printed));
    // And nothing else said (no error before it): antd may mount one notice twice as it animates.
    expect(new Set(await toasts())).toEqual(new Set([z.printed]));
    await expect(dubaiRow.getByTestId('invoice-print-receipt')).not.toHaveClass(/ant-btn-loading/);
    expect(LoopbackPrinter.read(await printer.job())).toEqual(receiptNoDrawer);

    // At the till: the branch with a VAT number sells without a word; the one without warns first.
    await page.goto('/#/Sales');
    await choose(page, 'cart-branch', lang === 'en' ? riyadh.name_en : riyadh.name_ar);
    await expect(page.getByTestId('cart-page')).toBeVisible();
    await expect(page.getByTestId('cart-no-vat-number')).toHaveCount(0);
    await choose(page, 'cart-branch', lang === 'en' ? dubai.name_en : dubai.name_ar);
    await expect(page.getByTestId('cart-no-vat-number')).toHaveText(z.noVat);
    await shot(page, `till-no-vat-number-${lang}`, { settled: true });
    // The till with its warning, the pointer left where the branch was chosen (a button hovered or not).
    expect(await seriousViolations(page)).toEqual([]);

    // Back to no printer, as the other tests expect.
    await page.goto('/#/Settings');
    await page.getByTestId('printer-kind').getByText(kinds[lang].network).click();
    await page.getByTestId('printer-address').fill('');
    await page.getByTestId('printer-save').click();
    await expect(page.getByText(lang === 'en' ? 'Done.' : 'تم.')).toBeVisible();
  });
}
