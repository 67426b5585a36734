import { createMongoAbility, type MongoAbility, type RawRuleOf } from '@casl/ability';
import { z } from 'zod';

/** One feature per screen group of the spec (section 2); a role grants flags per feature. */
export const features = [
  'Dashboard',
  'FrontDesk',
  'Sales',
  'Subscriptions',
  'Invoices',
  'Products',
  'Packages',
  'Coupons',
  'Rooms',
  'Branches',
  'Employees',
  'Roles',
  'Supervisor',
  'Chat',
  'Promotions',
  'Reports',
  'Settings',
] as const;
export type Feature = (typeof features)[number];

/** The five flags of spec section 6. */
export const featureFlags = ['access', 'view', 'create', 'update', 'delete'] as const;
export type FeatureFlag = (typeof featureFlags)[number];

export type Action = FeatureFlag | 'read' | 'manage';
export type Subject = Feature | 'Auth' | 'all';
export type AppAbility = MongoAbility<[Action, Subject]>;

export const featureFlagsSchema = z.object({
  access: z.boolean(),
  view: z.boolean(),
  create: z.boolean(),
  update: z.boolean(),
  delete: z.boolean(),
});
export type FeatureFlags = z.infer<typeof featureFlagsSchema>;

export const privilegeSchema = z.object({
  id: z.number().int(),
  name_en: z.string(),
  name_ar: z.string(),
  admin_access: z.boolean(),
  features: z.partialRecord(z.enum(features), featureFlagsSchema),
});
export type Privilege = z.infer<typeof privilegeSchema>;

/** What the login data carries about the signed-in employee (stored by the client). */
export const sessionUserSchema = z.object({
  id: z.number().int(),
  name_en: z.string(),
  name_ar: z.string(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  role: z.string(),
  branch_id: z.number().int().nullable(),
  privilege: privilegeSchema.nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** Spec 6: the values admin and dev, in any case, count as administrator. */
export function isAdministratorRole(role: string): boolean {
  const r = role.trim().toLowerCase();
  return r === 'admin' || r === 'dev';
}

export function hasFullAccess(user: Pick<SessionUser, 'role' | 'privilege'>): boolean {
  return isAdministratorRole(user.role) || user.privilege?.admin_access === true;
}

export type FeatureSet = Privilege['features'];

/** Whether the user holds this right, and so may hand it to a role. */
export function canGrant(user: Pick<SessionUser, 'role' | 'privilege'>, feature: Feature, flag: FeatureFlag): boolean {
  return hasFullAccess(user) || user.privilege?.features[feature]?.[flag] === true;
}

/**
 * The rights a change from `before` to `after` would turn on or off although the user does not hold
 * them: empty when the change is the user's to make. Taking a right away counts too, since a role is
 * shared by every branch and the user could not give it back.
 */
export function rightsBeyond(
  user: Pick<SessionUser, 'role' | 'privilege'>,
  before: FeatureSet,
  after: FeatureSet,
): `${Feature}.${FeatureFlag}`[] {
  return features.flatMap((feature) =>
    featureFlags
      .filter(
        (flag) =>
          (before[feature]?.[flag] ?? false) !== (after[feature]?.[flag] ?? false) && !canGrant(user, feature, flag),
      )
      .map((flag) => `${feature}.${flag}` as const),
  );
}

/** Rules for a user; with no stored user the only ability is read on Auth (spec 6). */
function abilityRules(user: SessionUser | null): RawRuleOf<AppAbility>[] {
  const rules: RawRuleOf<AppAbility>[] = [{ action: 'read', subject: 'Auth' }];
  if (!user) return rules;
  if (hasFullAccess(user)) return [...rules, { action: 'manage', subject: 'all' }];
  for (const feature of features) {
    const flags = user.privilege?.features[feature];
    if (!flags) continue;
    for (const flag of featureFlags) if (flags[flag]) rules.push({ action: flag, subject: feature });
  }
  return rules;
}

export function abilityFor(user: SessionUser | null): AppAbility {
  return createMongoAbility<[Action, Subject]>(abilityRules(user));
}

/**
 * The manager's right that lets a banned kid in at check-in (FrontDesk: delete); banning a kid or lifting
 * a ban takes the same one, or a cashier could lift a ban and then let the kid in.
 */
export function mayOverrideBan(ability: AppAbility): boolean {
  return ability.can('delete', 'FrontDesk');
}
