import { describe, expect, it } from 'vitest';
import { allEndpoints } from '../../../shared/api/catalogue';
import { openApiDocument, openApiText } from '../../../server/http/openapi';

type Schema = { type?: string | string[]; format?: string; const?: unknown; properties?: Record<string, Schema> };
type Operation = {
  operationId: string;
  'x-permission': unknown;
  security: object[];
  parameters?: { name: string; in: string; required: boolean; schema: Schema }[];
  requestBody?: { content: { 'application/json': { schema: Schema & { required?: string[] } } } };
  responses: Record<string, { content: { 'application/json': { schema: Schema & { $ref?: string } } } }>;
};

const document = openApiDocument();
const operation = (path: string, method: string) =>
  (document.paths[path] as Record<string, Operation> | undefined)?.[method];

describe('the OpenAPI document', () => {
  it('has an operation for every catalogue endpoint, at its path and method, named as the catalogue names it', () => {
    for (const [name, e] of allEndpoints) {
      const op = operation(e.path.replace(/:(\w+)/g, '{$1}'), e.method.toLowerCase());
      expect(op?.operationId, name).toBe(name);
      expect(op?.['x-permission'], name).toEqual(e.permission);
    }
    // A GET the spec also lists among its POSTs is documented both ways.
    expect(operation('/sale/payments/{id}', 'post')?.operationId).toBe('sale/payments/:id (POST)');
  });

  it('puts a path segment in the path, a GET’s fields in the query and any other request in the body', () => {
    const payments = operation('/sale/payments/{id}', 'get')!;
    expect(payments.parameters?.find((p) => p.name === 'id')).toMatchObject({ in: 'path', required: true });
    expect(payments.requestBody).toBeUndefined();
    const time = operation('/kids/session/time/{kid_id}', 'get')!;
    expect(time.parameters?.map((p) => [p.name, p.in])).toEqual([
      ['kid_id', 'path'],
      ['session_id', 'query'],
    ]);
    const login = operation('/user/login', 'post')!;
    expect(Object.keys(login.requestBody!.content['application/json'].schema.properties!)).toEqual([
      'login',
      'password',
    ]);
  });

  it('says who may call: no token for a public endpoint, a bearer token otherwise, and the supervisor’s for room work', () => {
    expect(operation('/user/login', 'post')!.security).toEqual([]);
    expect(operation('/branch/list', 'post')!.security).toEqual([{ bearer: [] }]);
    expect(operation('/supervisor/checkin', 'post')!.security).toEqual([{ bearer: [], supervisor: [] }]);
    expect(Object.keys(operation('/coupon/create', 'post')!.responses)).toEqual([
      '200',
      '400',
      '401',
      '403',
      'default',
    ]);
  });

  it('documents the answer in its envelope, with the success key and dates as ISO text', () => {
    const sale = operation('/sale/sale/create', 'post')!.responses['200']!.content['application/json'].schema;
    expect(sale.properties!.message!.const).toBe('SALES_COMPLETED');
    const created = sale.properties!.data!.properties!.created_at!;
    expect(created).toEqual({ type: 'string', format: 'date-time' });
    const refusal = operation('/sale/sale/create', 'post')!.responses['400']!.content['application/json'].schema;
    expect(refusal.$ref).toBe('#/components/schemas/Failure');
    expect(document.components.schemas.Failure.properties).toHaveProperty('errors');
  });

  it('is written by npm run openapi as the same document', () => {
    expect(JSON.parse(openApiText())).toEqual(JSON.parse(JSON.stringify(document)));
  });
});
