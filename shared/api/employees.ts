import { z } from 'zod';
import { endpoint } from './endpoint';
import {
  bilingualName,
  Id,
  newPasswordFields,
  Nothing,
  paging,
  withMatchingPasswords,
  Timestamp,
  OptionalId,
  optionalEmail,
  Mobile,
} from './common';
import { pageSchema } from './envelope';
import { roomSessionSchema } from './rooms';
import { lookupItem } from './lookups';

/** An employee as lists and profiles show them (spec 3, with the spec's spelling `priviledge_id`). */
export const employeeSchema = z.object({
  id: z.number().int(),
  name_en: z.string(),
  name_ar: z.string(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  role: z.string(),
  priviledge_id: z.number().int().nullable(),
  branch_id: z.number().int().nullable(),
  identification_id: z.number().int().nullable(),
  identification_number: z.string().nullable(),
  nationality_id: z.number().int().nullable(),
  specialization_id: z.number().int().nullable(),
  qualification_id: z.number().int().nullable(),
  shift_id: z.number().int().nullable(),
  room_id: z.number().int().nullable(),
  created_at: Timestamp,
});
export type Employee = z.infer<typeof employeeSchema>;
/** An employee as the server hands it over (timestamps may still be Date). */
export type EmployeeRecord = z.input<typeof employeeSchema>;

const employeeFields = z.object({
  ...bilingualName,
  mobile: Mobile.nullish().transform((v) => v || null),
  email: optionalEmail,
  /** `employee`, or `admin` for an administrator (only an administrator may make one). */
  role: z.enum(['employee', 'admin']).default('employee'),
  priviledge_id: OptionalId,
  branch_id: OptionalId,
  identification_id: OptionalId,
  identification_number: z
    .string()
    .trim()
    .max(30)
    .nullish()
    .transform((v) => v || null),
  nationality_id: OptionalId,
  specialization_id: OptionalId,
  qualification_id: OptionalId,
  shift_id: OptionalId,
});

type Fields = z.output<typeof employeeFields>;
/** An employee signs in with their mobile or email, and holds a role unless they are an administrator. */
function withEmployeeRules<S extends z.ZodType<Partial<Fields>>>(schema: S) {
  return schema
    .refine((e) => e.mobile !== null || e.email !== null || (e.mobile === undefined && e.email === undefined), {
      message: 'MOBILE_NUMBER_MISSING',
      path: ['mobile'],
    })
    .refine((e) => e.role !== 'employee' || e.priviledge_id !== null, {
      message: 'FIELD_REQUIRED',
      path: ['priviledge_id'],
    });
}

export const employeeRegisterRequest = withMatchingPasswords(
  withEmployeeRules(employeeFields.extend(newPasswordFields)),
);
export type EmployeeRegister = z.input<typeof employeeRegisterRequest>;

/** Any subset of the fields; a password, when sent, must be valid and confirmed. */
export const employeeUpdateRequest = withMatchingPasswords(
  withEmployeeRules(
    employeeFields.partial().extend({
      id: Id,
      password: newPasswordFields.password.optional(),
      confirm_password: newPasswordFields.confirm_password.optional(),
    }),
  ),
);

export const employeePageList = endpoint({
  method: 'POST',
  path: '/user/pagelist',
  tags: ['Employee'],
  read: true,
  request: z.object({ ...paging(10), q: z.string().trim().max(100).optional(), branch_id: Id.optional() }),
  response: pageSchema(employeeSchema),
  permission: { action: 'view', subject: 'Employees' },
});

export const employeeRegister = endpoint({
  method: 'POST',
  path: '/user/register',
  invalidates: ['Employee', 'Role', 'Branch'],
  request: employeeRegisterRequest,
  response: employeeSchema,
  permission: { action: 'create', subject: 'Employees' },
});

export const employeeUpdate = endpoint({
  method: 'POST',
  path: '/user/update',
  invalidates: ['Employee', { type: 'Employee', id: 'id' }, 'Role'],
  request: employeeUpdateRequest,
  response: employeeSchema,
  permission: { action: 'update', subject: 'Employees' },
});

export const employeeDelete = endpoint({
  method: 'POST',
  path: '/user/delete',
  invalidates: ['Employee', { type: 'Employee', id: 'id' }, 'Role', 'Branch'],
  request: z.object({ id: Id }),
  response: Nothing,
  permission: { action: 'delete', subject: 'Employees' },
});

export const employeeInfo = endpoint({
  method: 'POST',
  path: '/profile/user/info',
  tags: [{ type: 'Employee', id: 'id' }],
  read: true,
  request: z.object({ id: Id }),
  response: employeeSchema.extend({ branch: lookupItem.nullable(), privilege: lookupItem.nullable() }),
  permission: { action: 'view', subject: 'Employees' },
});

const loginRecord = z.object({
  id: z.string(),
  user_id: z.number().int(),
  name_en: z.string(),
  name_ar: z.string(),
  branch_id: z.number().int().nullable(),
  login_at: Timestamp,
  logout_at: Timestamp.nullable(),
});

export const employeeSessions = endpoint({
  method: 'POST',
  path: '/profile/user/session',
  tags: ['Employee'],
  read: true,
  request: z.object({ user_id: Id, ...paging(10) }),
  response: pageSchema(loginRecord),
  permission: { action: 'view', subject: 'Employees' },
});

/** The employee's times logged into rooms as their supervisor, newest first. */
export const employeeRoomSessions = endpoint({
  method: 'POST',
  path: '/profile/user/roomsession',
  read: true,
  request: z.object({ user_id: Id, ...paging(10) }),
  response: pageSchema(roomSessionSchema),
  permission: { action: 'view', subject: 'Employees' },
});

/** Spec 7: every sign-in, newest first, by employee, branch and day (on the branch's clock). */
export const loginReport = endpoint({
  method: 'POST',
  path: '/user/loginreport',
  tags: ['Employee'],
  read: true,
  request: z
    .object({
      ...paging(10),
      user_id: Id.optional(),
      branch_id: OptionalId,
      from: z.iso.date().optional(),
      to: z.iso.date().optional(),
    })
    .refine((d) => !d.from || !d.to || d.from <= d.to, { message: 'FIELD_INVALID', path: ['to'] }),
  response: pageSchema(loginRecord),
  permission: { action: 'view', subject: 'Reports' },
});
