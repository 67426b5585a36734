import { features, type AppAbility, type Feature } from '../../../shared/permissions';

/** The side menu: every feature the user may open (access or view), in the spec's screen order. */
export function menuFeatures(ability: AppAbility): Feature[] {
  return features.filter((f) => ability.can('access', f) || ability.can('view', f));
}
