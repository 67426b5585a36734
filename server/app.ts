import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { allEndpoints } from '../shared/api/catalogue';
import { fail } from '../shared/api/envelope';
import { httpStatusOf } from '../shared/api/keys';
import type { Db } from './db/client';
import { AppError } from './http/errors';
import type { RequestContext } from './http/context';
import { registerEndpoint, type Handlers } from './http/route';
import { AuthService } from './modules/auth/service';
import { AccessTokens } from './modules/auth/tokens';
import { authRoutes } from './modules/auth/routes';
import { LookupService } from './modules/lookups/service';
import { lookupRoutes } from './modules/lookups/routes';
import { RoleService } from './modules/roles/service';
import { roleRoutes } from './modules/roles/routes';
import { BranchService } from './modules/branches/service';
import { branchRoutes } from './modules/branches/routes';
import { EmployeeService } from './modules/employees/service';
import { employeeRoutes } from './modules/employees/routes';
import { FileService } from './modules/files/service';
import { fileRoutes } from './modules/files/routes';
import type { FileStore } from './files/file-store';
import { ProductService } from './modules/products/service';
import { productRoutes } from './modules/products/routes';
import { CouponService } from './modules/coupons/service';
import { couponRoutes } from './modules/coupons/routes';
import { SaleService } from './modules/sales/service';
import { saleRoutes } from './modules/sales/routes';
import { PackageService } from './modules/packages/service';
import { packageRoutes } from './modules/packages/routes';
import { ParentService } from './modules/parents/service';
import { parentRoutes } from './modules/parents/routes';
import { SubscriptionService } from './modules/subscriptions/service';
import { subscriptionRoutes } from './modules/subscriptions/routes';
import { outboxGateway, type SmsGateway } from './sms/sms-gateway';
import { SmsSender } from './sms/sms-sender';
import { BranchLocales } from './modules/branches/locales';
import { toE164 } from '../shared/domain/mobile';
import { OtpService } from './modules/frontdesk/otp';
import { SessionService } from './modules/frontdesk/sessions';
import { frontDeskRoutes } from './modules/frontdesk/routes';
import { PLAYDESK_PRODUCT } from '../shared/api/setup';
import { ChainSettingsService } from './modules/chain-settings/service';
import { attachRealtime } from './realtime/realtime';
import packageJson from '../package.json' with { type: 'json' };

export interface AppDeps {
  db: Db;
  tokenKey: Uint8Array;
  files: FileStore;
  /** Where text messages go; the outbox unless configured otherwise. */
  sms?: SmsGateway;
  logLevel?: string;
  /**
   * Which proxies' X-Forwarded-For to believe (Fastify's trustProxy): none by default, since a caller
   * could otherwise name any address and escape the per-address sign-in limit.
   */
  trustProxy?: boolean | string;
  /** The clock sign-in limits are reckoned by (a test moves it on). */
  now?: () => Date;
}

export interface App {
  fastify: FastifyInstance;
  auth: AuthService;
}

/**
 * A URL the router cannot decode (a bad %-encoding) is refused before any route or error handler runs;
 * without this Fastify answers in its own shape, not the envelope every client reads.
 */
function refuseBadUrl(_error: FastifyError, _req: FastifyRequest, reply: FastifyReply): void {
  void reply.code(httpStatusOf('VALIDATION_FAILED')).send(fail('VALIDATION_FAILED'));
}

/** The Fastify app with every catalogue endpoint bound to its handler; not listening yet. */
export function buildApp(deps: AppDeps): App {
  const fastify = Fastify({
    logger: { level: deps.logLevel ?? 'info' },
    bodyLimit: 1024 * 1024,
    trustProxy: deps.trustProxy ?? false,
    frameworkErrors: refuseBadUrl,
  });
  const auth = new AuthService(deps.db, new AccessTokens(deps.tokenKey), deps.now);
  const employees = new EmployeeService(deps.db);
  const products = new ProductService(deps.db);
  const packages = new PackageService(deps.db);
  const locales = new BranchLocales(deps.db);
  const subscriptions = new SubscriptionService(deps.db, locales);
  const sms = new SmsSender(deps.db, deps.sms ?? outboxGateway, fastify.log);
  const sessions = new SessionService(deps.db, locales);
  const parents = new ParentService(deps.db, locales);
  const chain = new ChainSettingsService(deps.db);
  const realtime = attachRealtime(fastify.server, (token) => auth.authenticate(token));
  fastify.addHook('preClose', async () => realtime.close());
  const handlers: Handlers = {
    ...authRoutes(auth),
    ...lookupRoutes(new LookupService(deps.db)),
    ...roleRoutes(new RoleService(deps.db)),
    ...branchRoutes(new BranchService(deps.db, locales)),
    ...employeeRoutes(employees),
    ...productRoutes(products),
    ...couponRoutes(new CouponService(deps.db)),
    ...saleRoutes(new SaleService(deps.db, subscriptions, sessions, sms, locales)),
    ...parentRoutes(parents),
    ...frontDeskRoutes(new OtpService(deps.db, sms, locales, deps.tokenKey), sessions, realtime),
    // A mobile typed as the counter knows it (0501…) finds its messages, kept in E.164.
    'sms/outbox': async (body, ctx) => sms.outbox(ctx, { ...body, to: body.to && (toE164(body.to, (await locales.ofCaller(ctx)).country) ?? body.to) }),
    health: async () => ({ product: PLAYDESK_PRODUCT, version: packageJson.version }),
    'settings/chain': () => chain.get(),
    'settings/chain/update': (body) => chain.update(body),
    ...subscriptionRoutes(subscriptions),
    ...packageRoutes(packages),
    ...fileRoutes(
      new FileService(deps.files, {
        kid: { check: async (_ctx, id) => void (await parents.kidInfo(id)) },
        emp: { check: async (ctx, id) => void (await employees.info(ctx, id)) },
        product: { check: (ctx, id) => products.assertVisible(ctx, id), setImage: (id, image) => products.setImage(id, image) },
        package: { check: (ctx, id) => packages.assertVisible(ctx, id), setImage: (id, image) => packages.setImage(id, image), photoStem: (id) => `P${id}` },
      }),
    ),
  };

  for (const [name, endpoint] of allEndpoints) {
    const handler = handlers[name] as ((request: unknown, ctx: RequestContext) => Promise<unknown>) | undefined;
    // A catalogue entry without a handler is a build mistake, found at start rather than by a cashier.
    if (!handler) throw new Error(`No handler for catalogue endpoint ${name}`);
    registerEndpoint(fastify, endpoint, handler, auth);
  }

  fastify.setNotFoundHandler((_req, reply) => reply.code(404).send(fail('NOT_FOUND')));
  fastify.setErrorHandler((error: FastifyError | AppError, req, reply) => {
    if (error instanceof AppError) {
      if (error.extra.retry_after !== undefined) void reply.header('retry-after', String(error.extra.retry_after));
      return reply.code(httpStatusOf(error.key)).send(fail(error.key, error.extra));
    }
    const status = error.statusCode ?? 500;
    // Fastify's own 4xx: malformed JSON, wrong content type, a body over the limit.
    if (status >= 400 && status < 500) {
      return reply.code(status === 429 ? 429 : 400).send(fail(status === 429 ? 'TOO_MANY_REQUESTS' : 'VALIDATION_FAILED'));
    }
    req.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(fail('SOMETHING_WENT_WRONG'));
  });
  return { fastify, auth };
}
