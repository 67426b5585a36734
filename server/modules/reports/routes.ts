import { endpointsPlugin } from '../../http/route';
import * as reportsApi from '../../../shared/api/reports';
import type { Dashboard } from './dashboard';
import type { KidVisits } from './kid-visits';
import type { SalesReports } from './sales-reports';
import type { SavedReports } from './saved-reports';
import type { SubscriptionReport } from './subscription-report';
import type { UserSummary } from './user-summary';

export interface ReportServices {
  dashboard: Dashboard;
  visits: KidVisits;
  sales: SalesReports;
  saved: SavedReports;
  subscriptions: SubscriptionReport;
  users: UserSummary;
}

export function reportRoutes(r: ReportServices) {
  return endpointsPlugin(reportsApi, {
    'admin/dashboard': (body, ctx) => r.dashboard.of(ctx, body.branch_id),
    'kidsession/pagelist': (body, ctx) => r.visits.page(ctx, body),
    'report/custom': (body, ctx) => r.sales.custom(ctx, body),
    'report/custom/list': (_body, ctx) => r.saved.list(ctx),
    'report/custom/save': (body, ctx) => r.saved.save(ctx, body),
    'report/custom/delete': (body, ctx) => r.saved.remove(ctx, body.id),
    'report/sales': (body, ctx) => r.sales.sales(ctx, body),
    'report/subscriptions': (body, ctx) => r.subscriptions.of(ctx, body),
    'report/users': (body, ctx) => r.users.of(ctx, body),
  });
}
