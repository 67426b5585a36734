import { alias } from 'drizzle-orm/pg-core';
import { users } from '../db/schema';

/**
 * Who let a kid in and who let them out (of the premises, of a room), as lists show them: the two
 * employee joins a visit list makes, their columns, and the pair they become.
 */
export const inBy = alias(users, 'checked_in_by');
export const outBy = alias(users, 'checked_out_by');

export const checkedByColumns = {
  in_id: inBy.id,
  in_en: inBy.name_en,
  in_ar: inBy.name_ar,
  out_id: outBy.id,
  out_en: outBy.name_en,
  out_ar: outBy.name_ar,
};

type CheckedByRow = {
  in_id: number;
  in_en: string;
  in_ar: string;
  out_id: number | null;
  out_en: string | null;
  out_ar: string | null;
};

export function withCheckedBy<R extends CheckedByRow>({ in_id, in_en, in_ar, out_id, out_en, out_ar, ...row }: R) {
  return {
    ...row,
    checked_in_by: { id: in_id, name_en: in_en, name_ar: in_ar },
    checked_out_by: out_id === null ? null : { id: out_id, name_en: out_en!, name_ar: out_ar! },
  };
}
