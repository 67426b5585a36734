import { z } from 'zod';
import { featureFlagsSchema, features } from '../permissions';
import { endpoint } from './endpoint';
import { bilingualName, Id, paging } from './common';
import { pageSchema } from './envelope';
import { ROLE_LIST_PAGING } from '../domain/constants';

const featureSet = z.partialRecord(z.enum(features), featureFlagsSchema);

/** A role (the spec's privilege): per feature the five flags, or the administrator-access toggle. */
export const roleSchema = z.object({
  id: z.number().int(),
  name_en: z.string(),
  name_ar: z.string(),
  admin_access: z.boolean(),
  features: featureSet,
  users_count: z.number().int().nonnegative(),
});
export type Role = z.infer<typeof roleSchema>;

/** Spec 5: a role needs a valid name and at least one selected feature (or full administrator access). */
const roleFields = z
  .object({ ...bilingualName, admin_access: z.boolean().default(false), features: featureSet.default({}) })
  .refine((r) => r.admin_access || Object.values(r.features).some((f) => f && Object.values(f).some(Boolean)), {
    message: 'FIELD_REQUIRED',
    path: ['features'],
  });
export type RoleInput = z.input<typeof roleFields>;

export const featureItem = z.object({
  id: z.number().int(),
  key: z.enum(features),
  name_en: z.string(),
  name_ar: z.string(),
});

export const featureList = endpoint({
  method: 'POST',
  path: '/feature/list',
  read: true,
  request: z.object(paging(ROLE_LIST_PAGING.perPage)),
  response: pageSchema(featureItem),
  permission: { action: 'view', subject: 'Roles' },
});

export const roleList = endpoint({
  method: 'POST',
  path: '/priviledge/role/list',
  tags: ['Role'],
  read: true,
  request: z.object({ ...paging(ROLE_LIST_PAGING.perPage), q: z.string().trim().max(100).optional() }),
  response: pageSchema(roleSchema),
  permission: { action: 'view', subject: 'Roles' },
});

export const roleCreate = endpoint({
  method: 'POST',
  path: '/priviledge/role/create',
  invalidates: ['Role', 'Lookup'],
  request: roleFields,
  response: roleSchema,
  permission: { action: 'create', subject: 'Roles' },
});

export const roleUpdate = endpoint({
  method: 'POST',
  path: '/priviledge/role/update',
  invalidates: ['Role', 'Lookup'],
  request: z.intersection(z.object({ id: Id }), roleFields),
  response: roleSchema,
  permission: { action: 'update', subject: 'Roles' },
});

export const roleFeatures = endpoint({
  method: 'POST',
  path: '/priviledge/role/features',
  read: true,
  request: z.object({ id: Id }),
  response: z.object({ admin_access: z.boolean(), features: featureSet }),
  permission: { action: 'view', subject: 'Roles' },
});

export const roleUsers = endpoint({
  method: 'POST',
  path: '/priviledge/role/users',
  read: true,
  request: z.object({ id: Id }),
  response: z.array(
    z.object({
      id: z.number().int(),
      name_en: z.string(),
      name_ar: z.string(),
      branch_id: z.number().int().nullable(),
    }),
  ),
  permission: { action: 'view', subject: 'Roles' },
});
