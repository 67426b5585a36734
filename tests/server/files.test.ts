import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalFileStore, storedFileName } from '../../server/files/file-store';

let server: TestServer;
let admin: string;
let employeeId: number;
beforeAll(async () => {
  server = await startTestServer();
  admin = (await server.login()).accessToken;
  employeeId = await server.addEmployee({ mobile: '0520000000' });
});
afterAll(() => server.close());

const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('rest of the image'),
]);
const pdf = Buffer.from('%PDF-1.7\n...');

describe('employee files', () => {
  it('uploads under emp/<id> with a random 10-character suffix, lists and downloads them', async () => {
    const up = await server.post<{ fileName: string; filePath: string; size: number }>(
      '/file/upload',
      {
        folder: 'emp',
        owner_id: employeeId,
        fileName: 'Iqama scan (front).PDF',
        contentBase64: pdf.toString('base64'),
      },
      admin,
    );
    expect(up.body.status).toBe(true);
    expect(up.body.data.filePath).toBe(`emp/${employeeId}`);
    expect(up.body.data.fileName).toMatch(/^Iqama-scan-front-[a-z0-9]{10}\.pdf$/);
    await server.post(
      '/file/upload',
      { folder: 'emp', owner_id: employeeId, fileName: 'photo.png', contentBase64: png.toString('base64') },
      admin,
    );

    const list = await server.post<{ fileName: string }[]>(
      '/file/list',
      { folder: 'emp', owner_id: employeeId },
      admin,
    );
    expect(list.body.data).toHaveLength(2);
    const down = await server.post<{ mime: string; contentBase64: string }>(
      '/file/download',
      { fileName: up.body.data.fileName, filePath: up.body.data.filePath },
      admin,
    );
    expect(down.body.data.mime).toBe('application/pdf');
    expect(Buffer.from(down.body.data.contentBase64, 'base64').equals(pdf)).toBe(true);
  });

  it("an upload with no file is 'No file to upload'", async () => {
    for (const contentBase64 of [undefined, '']) {
      const res = await server.post(
        '/file/upload',
        { folder: 'emp', owner_id: employeeId, fileName: 'x.png', contentBase64 },
        admin,
      );
      expect(res.body.message).toBe('NO_FILE_TO_UPLOAD');
    }
  });

  it('refuses a type staff do not attach, or a file pretending to be one', async () => {
    const exe = Buffer.from('MZ\x90\x00 not an image').toString('base64');
    for (const fileName of ['tool.exe', 'photo.png', 'noextension']) {
      const res = await server.post(
        '/file/upload',
        { folder: 'emp', owner_id: employeeId, fileName, contentBase64: exe },
        admin,
      );
      expect(res.body.message, fileName).toBe('FILE_TYPE_NOT_ALLOWED');
    }
  });

  it('refuses a file over 5 MB', async () => {
    const big = Buffer.concat([pdf, Buffer.alloc(5 * 1024 * 1024)]).toString('base64');
    const res = await server.post(
      '/file/upload',
      { folder: 'emp', owner_id: employeeId, fileName: 'big.pdf', contentBase64: big },
      admin,
    );
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path: 'contentBase64', message: 'FIELD_TOO_LARGE' }]);
  });

  it('never reads outside its folder', async () => {
    for (const body of [
      { fileName: '../../../etc/passwd', filePath: 'emp/1' },
      { fileName: 'passwd', filePath: '../../etc' },
      { fileName: '..', filePath: `emp/${employeeId}` },
    ]) {
      const res = await server.post('/file/download', body, admin);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('VALIDATION_FAILED');
    }
  });

  it("another branch's or an unknown employee's files are NOT_FOUND; a role without the right is refused", async () => {
    expect((await server.post('/file/list', { folder: 'emp', owner_id: 99999 }, admin)).status).toBe(404);
    await server.addEmployee({ mobile: '0520000001', password: 'cashier-pass' });
    const cashier = (await server.login('0520000001', 'cashier-pass')).accessToken;
    expect((await server.post('/file/list', { folder: 'emp', owner_id: employeeId }, cashier)).status).toBe(403);
  });

  it('product files follow their product: an unknown or deleted product is NOT_FOUND', async () => {
    const product = await server.post<{ id: number }>(
      '/product/create',
      { name_en: 'Ball', name_ar: 'كرة', price: 100, tax_id: 1, included: 1 },
      admin,
    );
    const upload = (owner_id: number) =>
      server.post(
        '/file/upload',
        { folder: 'product', owner_id, fileName: 'ball.png', contentBase64: png.toString('base64') },
        admin,
      );
    expect((await upload(product.body.data.id)).body.status).toBe(true);
    expect((await upload(99999)).status).toBe(404);
    await server.post('/product/delete', { id: product.body.data.id }, admin);
    expect((await server.post('/file/list', { folder: 'product', owner_id: product.body.data.id }, admin)).status).toBe(
      404,
    );
  });

  it('a product photo becomes its image; a PDF does not; without one the placeholder shows', async () => {
    const made = (
      await server.post<{ id: number; image: string }>(
        '/product/create',
        { name_en: 'Kite', name_ar: 'طائرة ورقية', price: 100, tax_id: 1, included: 1 },
        admin,
      )
    ).body.data;
    expect(made.image).toBe('/product.png');
    const imageOf = async () =>
      (await server.post<{ rows: { id: number; image: string }[] }>('/product/pagelist', { q: 'Kite' }, admin)).body
        .data.rows[0]!.image;
    const photo = await server.post<{ fileName: string }>(
      '/file/upload',
      { folder: 'product', owner_id: made.id, fileName: 'kite.png', contentBase64: png.toString('base64') },
      admin,
    );
    expect(await imageOf()).toBe(`product/${made.id}/${photo.body.data.fileName}`);
    await server.post(
      '/file/upload',
      { folder: 'product', owner_id: made.id, fileName: 'leaflet.pdf', contentBase64: pdf.toString('base64') },
      admin,
    );
    expect(await imageOf()).toBe(`product/${made.id}/${photo.body.data.fileName}`);
  });

  it('a package photo is keyed P + the package id and becomes its image', async () => {
    const made = (
      await server.post<{ id: number }>(
        '/package/create',
        { name_en: 'Day', name_ar: 'يوم', price: 100, tax_id: 1, included: 1, validity_days: 1, daily_limits: 2 },
        admin,
      )
    ).body.data;
    const photo = await server.post<{ fileName: string }>(
      '/file/upload',
      {
        folder: 'package',
        owner_id: made.id,
        fileName: 'anything.jpg',
        contentBase64: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2]).toString('base64'),
      },
      admin,
    );
    expect(photo.body.data.fileName).toMatch(new RegExp(`^P${made.id}-[a-z0-9]{10}\\.jpg$`));
    const listed = (await server.post<{ id: number; image: string }[]>('/package/list', {}, admin)).body.data.find(
      (p) => p.id === made.id,
    );
    expect(listed?.image).toBe(`package/${made.id}/${photo.body.data.fileName}`);
  });

  it('the media folder and every file in it are the server account’s alone', async () => {
    const root = mkdtempSync(join(tmpdir(), 'playdesk-media-mode-'));
    try {
      const media = join(root, 'media');
      const store = new LocalFileStore(media);
      const name = await store.put('kid/7', 'report.pdf', 'pdf', pdf);
      const modeOf = (path: string) => statSync(path).mode & 0o777;
      for (const dir of [media, join(media, 'kid'), join(media, 'kid/7')]) expect(modeOf(dir), dir).toBe(0o700);
      expect(modeOf(join(media, 'kid/7', name))).toBe(0o600);
      // A folder an earlier version left open to everyone is closed at the next write.
      chmodSync(media, 0o755);
      await new LocalFileStore(media).put('emp/1', 'scan.pdf', 'pdf', pdf);
      expect(modeOf(media)).toBe(0o700);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('stored names keep a readable stem and add a random 10-character suffix', () => {
    const a = storedFileName('صورة الطفل.jpg', 'jpg');
    const b = storedFileName('صورة الطفل.jpg', 'jpg');
    expect(a).toMatch(/^file-[a-z0-9]{10}\.jpg$/);
    expect(a).not.toBe(b);
  });
});
