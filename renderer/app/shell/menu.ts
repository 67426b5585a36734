import { features, type AppAbility, type Feature } from '../../../shared/permissions';

/**
 * The screens the app has. Rights exist for every feature of the spec, so a role can be prepared for
 * a screen before it ships; the menu lists only these, so nothing in it is a placeholder.
 */
export const SCREENS = [
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
] as const satisfies readonly Feature[];
export type Screen = (typeof SCREENS)[number];
const isScreen = (f: Feature): f is Screen => (SCREENS as readonly Feature[]).includes(f);

/** The side menu: every screen the user may open (access or view), in the spec's screen order. */
export function menuFeatures(ability: AppAbility): Screen[] {
  return features.filter(isScreen).filter((f) => ability.can('access', f) || ability.can('view', f));
}

/** Where the user lands: the first screen of their menu (the front desk for a cashier), or none. */
export const landingScreen = (ability: AppAbility): Screen | null => menuFeatures(ability)[0] ?? null;
