import { expect } from 'vitest';
import type { TestServer } from './harness';

export interface FamilyOptions {
  subscribe?: boolean;
  overtimePrice?: number;
  banned?: boolean;
  /** The kids' birth date (YYYY-MM-DD). */
  birthDate?: string;
}

let serial = 0;
/**
 * A parent, kids, and (unless told otherwise) a two-hour package for each kid with a 10-minute margin,
 * sold by the cashier at their branch. `n` numbers the family in its names (`Kid n-0`).
 */
export async function newFamily(
  server: TestServer,
  { admin, cashier }: { admin: string; cashier: string },
  kidCount: number,
  opts: FamilyOptions = {},
) {
  const n = ++serial;
  const parent = (
    await server.post<{ id: number; mobile: string }>(
      '/parent/create',
      { name_en: `Family ${n}`, name_ar: 'عائلة', mobile: `05611${String(n).padStart(5, '0')}` },
      cashier,
    )
  ).body.data;
  const kids: { id: number }[] = [];
  for (let i = 0; i < kidCount; i++)
    kids.push(
      (
        await server.post<{ id: number }>(
          '/kid/create',
          {
            parent_id: parent.id,
            name_en: `Kid ${n}-${i}`,
            name_ar: 'طفل',
            banned: opts.banned ?? false,
            ...(opts.birthDate ? { birth_date: opts.birthDate } : {}),
          },
          admin,
        )
      ).body.data,
    );
  if (opts.subscribe !== false) {
    const pkg = (
      await server.post<{ id: number }>(
        '/package/create',
        {
          name_en: `Two hours ${n}`,
          name_ar: 'ساعتان',
          price: 5000,
          tax_id: 1,
          included: 1,
          validity_days: 30,
          daily_limits: 2,
          margin_minutes: '10',
          overtime_price: opts.overtimePrice ?? 2500,
        },
        admin,
      )
    ).body.data;
    const sold = await server.post(
      '/sale/sale/create',
      {
        cart: [{ package: { id: pkg.id }, kids: kids.map((k) => k.id) }],
        salesData: { payments: { cash: 5000 * kidCount } },
      },
      cashier,
    );
    expect(sold.body.message).toBe('SALES_COMPLETED');
  }
  return { parent, kids, n };
}
