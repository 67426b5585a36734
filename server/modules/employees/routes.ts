import { endpointsPlugin } from '../../http/route';
import * as employeesApi from '../../../shared/api/employees';
import type { EmployeeService } from './service';

export function employeeRoutes(employees: EmployeeService) {
  return endpointsPlugin(employeesApi, {
    'user/pagelist': (body, ctx) => employees.list(ctx, body),
    'user/register': (body, ctx) => employees.register(ctx, body),
    'user/update': (body, ctx) => employees.update(ctx, body),
    'user/delete': (body, ctx) => employees.remove(ctx, body.id),
    'profile/user/info': (body, ctx) => employees.info(ctx, body.id),
    'profile/user/session': (body, ctx) => employees.signIns(ctx, body),
    'profile/user/roomsession': (body, ctx) => employees.roomSessions(ctx, body),
    'user/loginreport': (body, ctx) => employees.loginReport(ctx, body),
  });
}
