import type { Handlers } from '../../http/route';
import type { EmployeeService } from './service';

type EmployeeEndpoint =
  | 'user/pagelist'
  | 'user/register'
  | 'user/update'
  | 'user/delete'
  | 'profile/user/info'
  | 'profile/user/session'
  | 'profile/user/roomsession'
  | 'user/loginreport';

export function employeeRoutes(employees: EmployeeService): Pick<Handlers, EmployeeEndpoint> {
  return {
    'user/pagelist': (body, ctx) => employees.list(ctx, body),
    'user/register': (body, ctx) => employees.register(ctx, body),
    'user/update': (body, ctx) => employees.update(ctx, body),
    'user/delete': (body, ctx) => employees.remove(ctx, body.id),
    'profile/user/info': (body, ctx) => employees.info(ctx, body.id),
    'profile/user/session': (body, ctx) => employees.sessions(ctx, body),
    // Rooms and their supervisors arrive with the supervisor screens; the employee is checked meanwhile.
    'profile/user/roomsession': async (body, ctx) => {
      await employees.info(ctx, body.user_id);
      return { rows: [], total: 0, page: body.page, perPage: body.perPage };
    },
    'user/loginreport': (body, ctx) => employees.loginReport(ctx, body),
  };
}
