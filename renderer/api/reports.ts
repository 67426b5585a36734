import { api, mutation, query } from './base';

/** The dashboard and the reports: read afresh when opened, and again after a sale (Invoice) or a visit (Visit). */
export const {
  useDashboardQuery,
  useKidVisitsQuery,
  useSalesReportQuery,
  useCustomReportQuery,
  useLazyCustomReportQuery,
  useSubscriptionReportQuery,
  useUserSummaryQuery,
  useSavedReportsQuery,
  useSavedReportSaveMutation,
  useSavedReportDeleteMutation,
} = api.injectEndpoints({
  endpoints: (build) => ({
    dashboard: query(build, 'admin/dashboard', ['Invoice', 'Visit', 'Room', 'Subscription']),
    kidVisits: query(build, 'kidsession/pagelist', ['Visit']),
    salesReport: query(build, 'report/sales', ['Invoice']),
    customReport: query(build, 'report/custom', ['Invoice']),
    subscriptionReport: query(build, 'report/subscriptions', ['Subscription']),
    userSummary: query(build, 'report/users', ['Invoice', 'Visit', 'Shift', 'Employee']),
    savedReports: query(build, 'report/custom/list', ['SavedReport']),
    savedReportSave: mutation(build, 'report/custom/save', ['SavedReport']),
    savedReportDelete: mutation(build, 'report/custom/delete', ['SavedReport']),
  }),
});
