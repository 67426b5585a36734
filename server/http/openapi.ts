import { z } from 'zod';
import type { FastifyPluginCallback } from 'fastify';
import packageJson from '../../package.json' with { type: 'json' };
import { allEndpoints } from '../../shared/api/catalogue';
import { type Endpoint, type HttpMethod, type Permission } from '../../shared/api/endpoint';
import { Timestamp } from '../../shared/api/common';
import { failureSchema } from '../../shared/api/envelope';
import { SUPERVISOR_HEADER } from '../../shared/api/supervisor';
import { IDEMPOTENCY_KEY_MAX_LENGTH } from '../../shared/api/once';
import { answerSchemaOf, guardOf, type Authenticator } from './route';

type JsonSchema = Record<string, unknown> & { properties?: Record<string, unknown>; required?: string[] };

/**
 * A zod schema as JSON Schema, the side the wire carries: a request as the caller sends it, an answer as
 * the server writes it. A transform has no JSON Schema, so an answer's transformed field is documented by
 * what it was made from; a Timestamp is written as ISO text.
 */
function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      const replace = (by: object) => {
        for (const key of Object.keys(jsonSchema)) delete (jsonSchema as Record<string, unknown>)[key];
        Object.assign(jsonSchema, by);
      };
      if ((zodSchema as unknown) === Timestamp) {
        replace({ type: 'string', format: 'date-time' });
      } else if (io === 'output' && zodSchema._zod.def.type === 'pipe') {
        const { in: from, out } = zodSchema._zod.def as unknown as { in: z.ZodType; out: z.ZodType };
        if (out._zod.def.type === 'transform') replace(jsonSchemaOf(from, 'output'));
      }
    },
  }) as JsonSchema;
  delete json.$schema;
  return json;
}

const pathParams = (path: string) => [...path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);

/** The request's fields other than the path's, as a body or a query. */
function withoutPathParams(json: JsonSchema, params: string[]): JsonSchema {
  if (params.length === 0 || !json.properties) return json;
  const properties = Object.fromEntries(Object.entries(json.properties).filter(([name]) => !params.includes(name)));
  const required = json.required?.filter((name) => !params.includes(name));
  return { ...json, properties, ...(required ? { required } : {}) };
}

function securityOf(permission: Permission) {
  if (permission === 'public') return [];
  if (permission !== 'authenticated' && permission.supervisor) return [{ bearer: [], supervisor: [] }];
  return [{ bearer: [] }];
}

const refusal = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Failure' } } },
});

function operationOf(name: string, endpoint: Endpoint, method: HttpMethod) {
  const params = pathParams(endpoint.path);
  const request = jsonSchemaOf(endpoint.request, 'input');
  const rest = withoutPathParams(request, params);
  const parameters: object[] = params.map((param) => ({
    name: param,
    in: 'path',
    required: true,
    schema: request.properties?.[param] ?? {},
  }));
  if (method === 'GET') {
    for (const [field, schema] of Object.entries(rest.properties ?? {}))
      parameters.push({ name: field, in: 'query', required: rest.required?.includes(field) ?? false, schema });
  }
  if (endpoint.once) {
    parameters.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description: 'This command sent again with the same key is done once and answered with the first result.',
      schema: { type: 'string', maxLength: IDEMPOTENCY_KEY_MAX_LENGTH },
    });
  }
  const { permission } = endpoint;
  return {
    operationId: method === endpoint.method ? name : `${name} (${method})`,
    'x-permission': permission,
    security: securityOf(permission),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(method === 'GET'
      ? {}
      : { requestBody: { required: false, content: { 'application/json': { schema: rest } } } }),
    responses: {
      200: {
        description: endpoint.success ?? 'OK',
        content: { 'application/json': { schema: jsonSchemaOf(answerSchemaOf(endpoint), 'output') } },
      },
      400: refusal('The request was refused: VALIDATION_FAILED or a key a field names, with one reason per field.'),
      ...(permission === 'public' ? {} : { 401: refusal('SESSION_EXPIRED: sign in again.') }),
      ...(typeof permission === 'object' ? { 403: refusal('NOT_AUTHORISED: the role lacks the right.') } : {}),
      default: refusal('Another refusal in the envelope (NOT_FOUND, a conflict, TOO_MANY_REQUESTS, …).'),
    },
  };
}

/**
 * The OpenAPI 3.1 document of every catalogue endpoint, made from the same zod schemas the routes
 * validate and serialise with: what an integrator builds a client from.
 */
export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, endpoint] of allEndpoints) {
    const path = endpoint.path.replace(/:([A-Za-z_]+)/g, '{$1}');
    const methods: HttpMethod[] = endpoint.alsoPost ? [endpoint.method, 'POST'] : [endpoint.method];
    for (const method of methods) (paths[path] ??= {})[method.toLowerCase()] = operationOf(name, endpoint, method);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'PlayDesk API',
      version: packageJson.version,
      description:
        'Every answer is the envelope { status, message, data } (a refusal: { status: false, message, errors? }). ' +
        'x-permission names the right a caller needs: public, authenticated, or a feature right.',
    },
    paths,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        supervisor: { type: 'apiKey', in: 'header', name: SUPERVISOR_HEADER },
      },
      schemas: { Failure: jsonSchemaOf(failureSchema, 'output') },
    },
  };
}

/** Where `npm run openapi` writes the document for integrators, from the repository's root. */
export const OPENAPI_FILE = 'docs/openapi.json';

/** The document as the file holds it. */
export const openApiText = () => `${JSON.stringify(openApiDocument(), null, 2)}\n`;

/** Reading the document is an administrator's: those who may change the chain's settings (Settings: update). */
export const OPENAPI_PERMISSION = { action: 'update', subject: 'Settings' } as const satisfies Permission;

/**
 * GET /openapi.json: the document itself, not in the envelope, so a tool loads it as it is; guarded by the
 * same hooks as a catalogue endpoint, and refused in the envelope like one.
 */
export const openApiRoute: FastifyPluginCallback<{ auth: Authenticator }> = (instance, { auth }, done) => {
  // Made on the first request: a server most often starts without anyone asking for it.
  let document: string | undefined;
  const guard = guardOf(instance, OPENAPI_PERMISSION, auth)!;
  instance.get('/openapi.json', { onRequest: async (req) => guard(req) }, async (_req, reply) =>
    reply.type('application/json').send((document ??= JSON.stringify(openApiDocument()))),
  );
  done();
};
