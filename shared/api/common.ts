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
export function withMatchingPasswords<S extends z.ZodType<{ password?: string; confirm_password?: string }>>(schema: S) {
  return schema.refine((d) => d.password === d.confirm_password, { message: 'PASSWORD_MUST_MATCH', path: ['confirm_password'] });
}
