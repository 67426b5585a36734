import type { Handlers } from '../../http/route';
import * as t from '../../db/schema';
import type { LookupService } from './service';

type LookupName =
  | 'identification/list'
  | 'nationality/list'
  | 'branch/list'
  | 'specialization/list'
  | 'qualification/list'
  | 'shift/list'
  | 'priviledge/list'
  | 'tax/list';

export function lookupRoutes(lookups: LookupService): Pick<Handlers, LookupName> {
  return {
    'identification/list': () => lookups.list(t.identificationTypes),
    'nationality/list': () => lookups.nationalities(),
    'branch/list': () => lookups.branches(),
    'specialization/list': () => lookups.list(t.specializations),
    'qualification/list': () => lookups.list(t.qualifications),
    'shift/list': () => lookups.list(t.shifts),
    'priviledge/list': () => lookups.roles(),
    'tax/list': () => lookups.taxes(),
  };
}
