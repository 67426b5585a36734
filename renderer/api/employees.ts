import type { ResponseOf } from '../../shared/api/catalogue';
import { api, call, mutation, query } from './base';

// An employee's role and branch show their head counts, hence 'Role' and 'Branch'.
export const {
  useEmployeePageQuery,
  useEmployeeInfoQuery,
  useEmployeeSessionsQuery,
  useEmployeeRoomSessionsQuery,
  useLoginReportQuery,
  useEmployeeRegisterMutation,
  useEmployeeUpdateMutation,
  useEmployeeDeleteMutation,
  // What a first screen asks for at sign-in (app/first-screen.ts), before its hooks are drawn.
  endpoints: employeeEndpoints,
} = api.injectEndpoints({
  endpoints: (build) => ({
    employeePage: query(build, 'user/pagelist', ['Employee']),
    employeeInfo: build.query<ResponseOf<'profile/user/info'>, number>({
      query: (id) => call('profile/user/info', { id }),
      providesTags: ['Employee'],
    }),
    employeeSessions: query(build, 'profile/user/session', ['Employee']),
    employeeRoomSessions: query(build, 'profile/user/roomsession'),
    loginReport: query(build, 'user/loginreport', ['Employee']),
    employeeRegister: mutation(build, 'user/register', ['Employee', 'Role', 'Branch']),
    employeeUpdate: mutation(build, 'user/update', ['Employee', 'Role']),
    employeeDelete: mutation(build, 'user/delete', ['Employee', 'Role', 'Branch']),
  }),
});
