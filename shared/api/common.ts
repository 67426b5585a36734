import { z } from 'zod';

/** Database ids are positive integers; GET queries carry them as strings. */
export const Id = z.coerce.number().int().positive().max(2_147_483_647);

/** A name pair: every named thing has an English and an Arabic name. */
export const bilingualName = {
  name_en: z.string().trim().min(1).max(120),
  name_ar: z.string().trim().min(1).max(120),
};

export const Empty = z.object({});
export const Nothing = z.null();

/** Paging parameters shared by every paged list. */
export const paging = (perPage: number) => ({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(200).default(perPage),
});

/** A new password and its confirmation (spec 5: PASSWORD_MISSING, PASSWORD_MIN_6_CHARS, PASSWORD_MUST_MATCH). */
export const newPasswordFields = {
  password: z.string({ error: 'PASSWORD_MISSING' }).min(1, 'PASSWORD_MISSING').min(6, 'PASSWORD_MIN_6_CHARS').max(200),
  confirm_password: z.string({ error: 'PASSWORD_MISSING' }).max(200),
};
export function withMatchingPasswords<S extends z.ZodType<{ password?: string; confirm_password?: string }>>(
  schema: S,
) {
  return schema.refine((d) => d.password === d.confirm_password, {
    message: 'PASSWORD_MUST_MATCH',
    path: ['confirm_password'],
  });
}

/** A mobile number as typed at the counter: spaces and dashes dropped, 7 to 15 digits, optional +. */
export const Mobile = z
  .string()
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\+?[0-9]{7,15}$/));

/** An e-mail address that may be left empty. */
export const optionalEmail = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email())
  .nullish()
  .or(z.literal('').transform(() => null))
  .transform((v) => v || null);

/** An id that may be left out or null. */
export const OptionalId = Id.nullish().transform((v) => v ?? null);

/** A moment as the server hands it over (Date from the database), always sent as ISO text. */
export const Timestamp = z
  .union([z.date(), z.string()])
  .transform((v) => (typeof v === 'string' ? v : v.toISOString()));
