import { api, mutation, query } from './base';

/** The cashier's shift (a sale or a cancellation changes its figures) and the shifts a manager reads. */
export const {
  useShiftCurrentQuery,
  useShiftOpenMutation,
  useShiftCloseMutation,
  useShiftListQuery,
  useShiftReportQuery,
  // What a first screen asks for at sign-in (app/first-screen.ts), before its hooks are drawn.
  endpoints: shiftEndpoints,
} = api.injectEndpoints({
  endpoints: (build) => ({
    shiftCurrent: query(build, 'cashup/current', ['Shift']),
    shiftOpen: mutation(build, 'cashup/open', ['Shift']),
    shiftClose: mutation(build, 'cashup/close', ['Shift']),
    shiftList: query(build, 'cashup/list', ['Shift']),
    shiftReport: query(build, 'cashup/report', ['Shift']),
  }),
});
