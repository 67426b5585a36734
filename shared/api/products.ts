import { z } from 'zod';
import { endpoint } from './endpoint';
import { bilingualName, Id, Nothing, paging } from './common';
import { pageSchema } from './envelope';
import { PLACEHOLDER_IMAGE, PRODUCT_LIST_PAGING } from '../domain/constants';
import { TAX_EXCLUDED, TAX_INCLUDED } from '../domain/money';
import { productImportRow } from '../domain/product-import';

/** Money in the API is integer minor units (halalas). */
export const Amount = z.number().int().min(0).max(1_000_000_000);
export const taxMode = z.union([z.literal(TAX_INCLUDED), z.literal(TAX_EXCLUDED)]);

export const productSchema = z.object({
  id: z.number().int(),
  name_en: z.string(),
  name_ar: z.string(),
  image: z
    .string()
    .nullable()
    .transform((v) => v ?? PLACEHOLDER_IMAGE),
  price: z.number().int(),
  tax_id: z.number().int(),
  included: taxMode,
  branch_id: z.number().int().nullable(),
  stock: z.number().int(),
});
export type Product = z.output<typeof productSchema>;
export type ProductRecord = z.input<typeof productSchema>;

const productFields = z.object({
  ...bilingualName,
  price: Amount,
  tax_id: Id,
  included: taxMode,
  branch_id: Id.nullish().transform((v) => v ?? null),
});

export const productPageList = endpoint({
  method: 'POST',
  path: '/product/pagelist',
  tags: ['Product'],
  read: true,
  request: z.object({ ...paging(PRODUCT_LIST_PAGING.perPage), q: z.string().trim().max(100).optional() }),
  response: pageSchema(productSchema),
  permission: { action: 'view', subject: 'Products' },
});

export const productCreate = endpoint({
  method: 'POST',
  path: '/product/create',
  invalidates: ['Product'],
  request: productFields,
  response: productSchema,
  permission: { action: 'create', subject: 'Products' },
});

export const productUpdate = endpoint({
  method: 'POST',
  path: '/product/update',
  invalidates: ['Product'],
  request: productFields.extend({ id: Id }),
  response: productSchema,
  permission: { action: 'update', subject: 'Products' },
});

export const productDelete = endpoint({
  method: 'POST',
  path: '/product/delete',
  invalidates: ['Product'],
  request: z.object({ id: Id }),
  response: Nothing,
  permission: { action: 'delete', subject: 'Products' },
});

/** Received stock is added, never set, so two receipts at once both count. */
export const productAddStock = endpoint({
  method: 'POST',
  path: '/product/addstock',
  invalidates: ['Product'],
  request: z.object({ id: Id, qty: z.number().int().min(1).max(100_000) }),
  response: productSchema,
  permission: { action: 'update', subject: 'Products' },
  success: 'STOCK_UPDATED',
});

/**
 * The accepted rows of a checked spreadsheet, saved in one transaction: all of them or none. Not in the
 * spec's list; one call instead of a create per row keeps an import atomic.
 */
export const productImport = endpoint({
  method: 'POST',
  path: '/product/import',
  invalidates: ['Product'],
  request: z.object({
    rows: z.array(productImportRow).min(1).max(10_000),
    branch_id: Id.nullish().transform((v) => v ?? null),
  }),
  response: z.object({ created: z.number().int() }),
  permission: { action: 'create', subject: 'Products' },
  bodyLimit: 8 * 1024 * 1024,
});
