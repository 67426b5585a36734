import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithAdministrator, type TestServer } from './harness';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  ({ server, admin } = await startWithAdministrator());
});
afterAll(() => server.close());

type Product = {
  id: number;
  name_en: string;
  image: string;
  price: number;
  stock: number;
  branch_id: number | null;
  included: number;
};
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('picture')]);
const juice = { name_en: 'Orange juice', name_ar: 'عصير برتقال', price: 750, tax_id: 1, included: 1 };

describe('products', () => {
  it('are created with the placeholder image, listed 10 per page and searched in either language', async () => {
    const created = await server.post<Product>('/product/create', juice, admin);
    expect(created.body.data).toMatchObject({
      name_en: 'Orange juice',
      image: '/product.png',
      price: 750,
      stock: 0,
      included: 1,
      branch_id: null,
    });
    const list = await server.post<{ rows: Product[]; perPage: number }>('/product/pagelist', { q: 'برتقال' }, admin);
    expect(list.body.data.perPage).toBe(10);
    expect(list.body.data.rows.map((p) => p.id)).toEqual([created.body.data.id]);
  });

  it('are found by what was typed: a % or _ searched is that character, not a wildcard', async () => {
    const named = async (name_en: string) =>
      (await server.post<Product>('/product/create', { ...juice, name_en, name_ar: 'عصير' }, admin)).body.data.id;
    const offer = await named('Mango 50% off');
    const bottle = await named('Mango 500 ml');
    const sizes = await named('Mango S_M');
    const found = async (q: string) =>
      (await server.post<{ rows: Product[] }>('/product/pagelist', { q }, admin)).body.data.rows.map((p) => p.id);
    expect(await found('0%')).toEqual([offer]);
    expect(await found('S_')).toEqual([sizes]);
    expect((await found('Mango')).sort()).toEqual([offer, bottle, sizes].sort());
  });

  it('refuse money that is not whole minor units, an unknown tax mode or tax', async () => {
    const post = (over: object) => server.post('/product/create', { ...juice, ...over }, admin);
    expect((await post({ price: 7.5 })).body.errors).toEqual([{ path: 'price', message: 'FIELD_INVALID' }]);
    expect((await post({ price: -1 })).body.errors).toEqual([{ path: 'price', message: 'FIELD_TOO_SMALL' }]);
    expect((await post({ included: 0 })).body.errors?.[0]?.path).toBe('included');
    expect((await post({ tax_id: 999 })).body.message).toBe('NOT_FOUND');
  });

  it('add stock with STOCK_UPDATED; twenty receipts at once all count', async () => {
    const { id } = (
      await server.post<Product>('/product/create', { ...juice, name_en: 'Water', name_ar: 'ماء' }, admin)
    ).body.data;
    const one = await server.post<Product>('/product/addstock', { id, qty: 5 }, admin);
    expect(one.body).toMatchObject({ status: true, message: 'STOCK_UPDATED', data: { stock: 5 } });
    await Promise.all(Array.from({ length: 20 }, () => server.post('/product/addstock', { id, qty: 1 }, admin)));
    const list = await server.post<{ rows: Product[] }>('/product/pagelist', { q: 'Water' }, admin);
    expect(list.body.data.rows[0]!.stock).toBe(25);
    expect((await server.post('/product/addstock', { id, qty: 0 }, admin)).status).toBe(400);
  });

  it('are edited and deleted; a deleted product is gone from the list', async () => {
    const { id } = (
      await server.post<Product>('/product/create', { ...juice, name_en: 'Cake', name_ar: 'كعكة' }, admin)
    ).body.data;
    expect(
      (
        await server.post<Product>(
          '/product/update',
          { ...juice, id, name_en: 'Cake slice', name_ar: 'قطعة كعك', price: 1200, included: 2 },
          admin,
        )
      ).body.data,
    ).toMatchObject({
      name_en: 'Cake slice',
      price: 1200,
      included: 2,
    });
    expect((await server.post('/product/delete', { id }, admin)).body.status).toBe(true);
    expect((await server.post<{ rows: Product[] }>('/product/pagelist', { q: 'Cake' }, admin)).body.data.rows).toEqual(
      [],
    );
    expect((await server.post('/product/update', { ...juice, id }, admin)).status).toBe(404);
  });

  it('are imported from checked spreadsheet rows all at once, or not at all', async () => {
    const row = { name_en: 'Imported', name_ar: 'مستورد', price: 500, vat_percent: 15, included: 1, stock: 7 };
    const ok = await server.post<{ created: number }>(
      '/product/import',
      { rows: [row, { ...row, name_en: 'Imported zero', vat_percent: 0 }] },
      admin,
    );
    expect(ok.body.data).toEqual({ created: 2 });
    expect(
      (await server.post<{ rows: Product[] }>('/product/pagelist', { q: 'Imported' }, admin)).body.data.rows.map(
        (p) => p.stock,
      ),
    ).toEqual([7, 7]);
    const bad = await server.post(
      '/product/import',
      {
        rows: [
          { ...row, name_en: 'Never' },
          { ...row, vat_percent: 7 },
        ],
      },
      admin,
    );
    expect(bad.body).toMatchObject({
      message: 'VALIDATION_FAILED',
      errors: [{ path: 'rows.1.vat_percent', message: 'FIELD_INVALID' }],
    });
    expect((await server.post<{ rows: Product[] }>('/product/pagelist', { q: 'Never' }, admin)).body.data.rows).toEqual(
      [],
    );
  });

  it("keep every imported name as typed (quotes, commas, braces, backslashes, the word NULL), in the sheet's order", async () => {
    const names = ['Sheet "quoted", {braced}', 'Sheet back\\slash', 'Sheet NULL', "Sheet it's", 'Sheet ,{}"\\'];
    const rows = names.map((name_en, i) => ({
      name_en,
      name_ar: `صنف "${i}" {}`,
      price: 100 * (i + 1),
      vat_percent: i % 2 ? 0 : 15,
      included: i % 2 ? 2 : 1,
      stock: i,
    }));
    expect((await server.post<{ created: number }>('/product/import', { rows }, admin)).body.data).toEqual({
      created: names.length,
    });
    const listed = (
      await server.post<{ rows: (Product & { name_ar: string })[] }>('/product/pagelist', { q: 'Sheet' }, admin)
    ).body.data.rows.sort((a, b) => a.id - b.id);
    expect(
      listed.map(({ name_en, name_ar, price, included, stock }) => ({ name_en, name_ar, price, included, stock })),
    ).toEqual(
      rows.map(({ name_en, name_ar, price, included, stock }) => ({ name_en, name_ar, price, included, stock })),
    );
  });

  it("belong to the caller's branch: another branch's products are not seen or changed", async () => {
    const branchA = (await server.post<{ id: number }>('/branch/create', { name_en: 'A', name_ar: 'أ' }, admin)).body
      .data.id;
    const branchB = (await server.post<{ id: number }>('/branch/create', { name_en: 'B', name_ar: 'ب' }, admin)).body
      .data.id;
    const role = (
      await server.post<{ id: number }>(
        '/priviledge/role/create',
        {
          name_en: 'Stock keeper',
          name_ar: 'أمين المخزن',
          features: {
            Products: { access: true, view: true, create: true, update: true, delete: true },
            Packages: { access: true, view: true, create: true, update: true, delete: true },
          },
        },
        admin,
      )
    ).body.data.id;
    await server.post(
      '/user/register',
      {
        name_en: 'K',
        name_ar: 'ك',
        mobile: '0530000000',
        priviledge_id: role,
        branch_id: branchA,
        password: 'keeper-1',
        confirm_password: 'keeper-1',
      },
      admin,
    );
    const keeper = (await server.login('0530000000', 'keeper-1')).accessToken;
    const other = (
      await server.post<Product>(
        '/product/create',
        { ...juice, name_en: 'B only', name_ar: 'ب فقط', branch_id: branchB },
        admin,
      )
    ).body.data;

    const mine = await server.post<Product>(
      '/product/create',
      { ...juice, name_en: 'A snack', name_ar: 'وجبة أ' },
      keeper,
    );
    expect(mine.body.data.branch_id).toBe(branchA);
    expect((await server.post('/product/create', { ...juice, branch_id: branchB }, keeper)).status).toBe(404);
    const seen = await server.post<{ rows: Product[] }>('/product/pagelist', { perPage: 200 }, keeper);
    expect(seen.body.data.rows.some((p) => p.id === other.id)).toBe(false);
    expect(seen.body.data.rows.some((p) => p.branch_id === null)).toBe(true); // shared products are sold everywhere
    expect((await server.post('/product/addstock', { id: other.id, qty: 1 }, keeper)).status).toBe(404);
    expect((await server.post('/product/delete', { id: other.id }, keeper)).status).toBe(404);

    // A chain-wide product is an administrator's to change, its picture and files too: the keeper sees it, not more.
    const shared = (await server.post<Product>('/product/create', { ...juice, name_en: 'Chain juice' }, admin)).body
      .data;
    const upload = (id: number, folder = 'product') =>
      server.post<{ fileName: string }>(
        '/file/upload',
        { folder, owner_id: id, fileName: 'new.png', contentBase64: png.toString('base64') },
        keeper,
      );
    expect((await upload(shared.id)).status).toBe(404);
    const day = { name_en: 'Chain day', name_ar: 'يوم', price: 100, tax_id: 1, included: 1 };
    const sharedPackage = (
      await server.post<{ id: number }>('/package/create', { ...day, validity_days: 1, daily_limits: 1 }, admin)
    ).body.data.id;
    expect((await upload(sharedPackage, 'package')).status).toBe(404);
    const listed = await server.post<{ rows: Product[] }>('/product/pagelist', { q: 'Chain juice' }, keeper);
    expect(listed.body.data.rows.map((p) => p.image)).toEqual(['/product.png']);
    expect((await server.post('/file/list', { folder: 'product', owner_id: shared.id }, keeper)).body.data).toEqual([]);
    expect((await upload(mine.body.data.id)).body.status).toBe(true);
  });
});
