import type { HandlersOf } from '../../http/route';
import type * as lookupsApi from '../../../shared/api/lookups';
import * as t from '../../db/schema';
import type { LookupService } from './service';

export function lookupRoutes(lookups: LookupService): HandlersOf<typeof lookupsApi> {
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
