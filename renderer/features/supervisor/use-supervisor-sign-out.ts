import { api } from '../../api/base';
import { useSubmit } from '../../components/hooks/use-submit';

/** Out of the room and of supervisor mode; the screen then asks the next supervisor for a code. */
export function useSupervisorSignOut() {
  const [logout] = api.useSupervisorLogoutMutation();
  const submit = useSubmit();
  return () => submit(logout());
}
