import { endpointsPlugin } from '../../http/route';
import * as lookupsApi from '../../../shared/api/lookups';
import * as t from '../../db/schema';
import type { LookupService } from './service';

export function lookupRoutes(lookups: LookupService) {
  return endpointsPlugin(lookupsApi, {
    'identification/list': () => lookups.list(t.identificationTypes),
    'nationality/list': () => lookups.nationalities(),
    'branch/list': () => lookups.branches(),
    'specialization/list': () => lookups.list(t.specializations),
    'qualification/list': () => lookups.list(t.qualifications),
    'shift/list': () => lookups.list(t.shifts),
    'priviledge/list': () => lookups.roles(),
    'tax/list': () => lookups.taxes(),
  });
}
