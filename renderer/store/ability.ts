import { useMemo } from 'react';
import { abilityFor, type AppAbility } from '../../shared/permissions';
import { useAppSelector } from './store';

/** What the signed-in user may do (CASL, from the login data); the server checks the same again. */
export function useAbility(): AppAbility {
  const user = useAppSelector((s) => s.auth.user);
  return useMemo(() => abilityFor(user), [user]);
}
