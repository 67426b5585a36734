import type pg from 'pg';
import Fastify, { type FastifyInstance } from 'fastify';
import { allEndpoints } from '../shared/api/catalogue';
import type { Db } from './db/client';
import { loggableError, requestForLog } from './http/log';
import { closeConnectionsOnceAnswered } from './http/stop';
import { envelope, refuseBadUrl } from './http/answers';
import { openApiRoute } from './http/openapi';
import { itemBranch } from './modules/which-branch';
import { AuthService } from './modules/auth/service';
import { AccessTokens } from './modules/auth/tokens';
import { authRoutes } from './modules/auth/routes';
import { setupRoutes } from './modules/setup/routes';
import { FirstRunGate } from './modules/setup/first-run-gate';
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
import type { SmsGateway } from './sms/sms-gateway';
import { SmsProviders } from './sms/sms-providers';
import { SmsSender } from './sms/sms-sender';
import { SmsOutbox } from './sms/outbox';
import { BranchLocales } from './modules/branches/locales';
import { OtpService } from './modules/frontdesk/otp';
import { VisitService } from './modules/frontdesk/visits';
import { OvertimeService } from './modules/frontdesk/overtime';
import { frontDeskRoutes } from './modules/frontdesk/routes';
import { ChainSettingsService } from './modules/chain-settings/service';
import { chainSettingsRoutes } from './modules/chain-settings/routes';
import { smsProviderRoutes } from './modules/chain-settings/sms-provider-routes';
import { attachRealtime } from './realtime/realtime';
import { RoomService } from './modules/rooms/service';
import { roomRoutes } from './modules/rooms/routes';
import { CashupService } from './modules/cashup/service';
import { cashupRoutes } from './modules/cashup/routes';
import { Dashboard } from './modules/reports/dashboard';
import { KidVisits } from './modules/reports/kid-visits';
import { SalesReports } from './modules/reports/sales-reports';
import { UserSummary } from './modules/reports/user-summary';
import { SavedReports } from './modules/reports/saved-reports';
import { SubscriptionReport } from './modules/reports/subscription-report';
import { reportRoutes } from './modules/reports/routes';
import { SupervisorService } from './modules/supervisor/service';
import { supervisorRoutes } from './modules/supervisor/routes';
import { PromotionSettingsStore } from './modules/promotion/settings';
import { PromotionCampaigns } from './modules/promotion/campaigns';
import { DEFAULT_SENDER, PromotionSender, type SenderOptions } from './modules/promotion/sender';
import { promotionRoutes } from './modules/promotion/routes';
import { PromotionAudience } from './modules/promotion/audience';
import { ChatService } from './modules/chat/service';
import { chatRoutes } from './modules/chat/routes';
import { OfflineNumbers } from './modules/offline/numbers';
import { OfflineSales } from './modules/offline/offline-sale';
import { OfflineReview } from './modules/offline/review';
import { offlineRoutes } from './modules/offline/routes';

export interface AppDeps {
  db: Db;
  tokenKey: Uint8Array;
  files: FileStore;
  /**
   * The gateway the server's environment names (SMS_GATEWAY): it wins over the provider set in
   * Settings; without either, the outbox.
   */
  sms?: SmsGateway;
  logLevel?: string;
  /** Where log lines go; standard output unless given (a test reads them). */
  logStream?: { write(line: string): void };
  /**
   * Which proxies' X-Forwarded-For to believe (Fastify's trustProxy): none by default, since a caller
   * could otherwise name any address and escape the per-address sign-in limit.
   */
  trustProxy?: boolean | string;
  /** The clock sign-in limits are reckoned by (a test moves it on). */
  now?: () => Date;
  /**
   * How often live-update sockets' sign-ins are checked again (default a minute), closing those signed
   * out on another instance or whose employee was deleted.
   */
  realtimeCheckMs?: number;
  /**
   * A pool on the server's own database for the realtime adapter (see openAdapterPool): server
   * instances sharing the database then reach each other's stations. Without it, this instance's only.
   */
  adapterPool?: pg.Pool;
  /** Who may create the first administrator; without it, a caller on this computer only. */
  firstRun?: FirstRunGate;
  /** The promotion sender's rate and patience (defaults: 10 a second, 30 s); its clock is `now`. */
  promotion?: Partial<Omit<SenderOptions, 'now'>>;
  /** The oldest station version served, as `health` declares it (default MIN_STATION_VERSION). */
  minStationVersion?: string;
}

export interface App {
  fastify: FastifyInstance;
  auth: AuthService;
  /** Sends promotion campaigns in the background from the moment the app is built until it closes. */
  promotions: PromotionSender;
}

/** The Fastify app: the envelope, then every module's plugin; not listening yet (plugins load on ready). */
export function buildApp(deps: AppDeps): App {
  const fastify = Fastify({
    logger: {
      level: deps.logLevel ?? 'info',
      serializers: { req: requestForLog },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    bodyLimit: 1024 * 1024,
    trustProxy: deps.trustProxy ?? false,
    frameworkErrors: refuseBadUrl,
  });
  const realtime = attachRealtime(fastify.server, {
    authenticate: (token) => auth.authenticate(token),
    openSessions: (sessionIds) => auth.openSessions(sessionIds),
    checkEveryMs: deps.realtimeCheckMs ?? 60_000,
    chat: {
      missed: (userId, after) => chat.missed(userId, after),
      unread: (userId) => chat.unread(userId),
      received: (userId, id) => chat.received(userId, id),
    },
    adapterPool: deps.adapterPool,
    onError: (error) => fastify.log.warn({ err: loggableError(error) }, 'realtime failure'),
  });
  fastify.addHook('preClose', async () => realtime.close());
  closeConnectionsOnceAnswered(fastify);
  const auth = new AuthService(deps.db, new AccessTokens(deps.tokenKey), deps.now, (sessionId) =>
    realtime.endSession(sessionId),
  );
  fastify.addHook('onClose', () => auth.close());

  const chat = new ChatService(deps.db, (userId, event, payload) => realtime.toUser(userId, event, payload));
  const products = new ProductService(deps.db);
  const packages = new PackageService(deps.db);
  const locales = new BranchLocales(deps.db);
  const subscriptions = new SubscriptionService(deps.db, locales);
  const smsProviders = new SmsProviders(deps.db, deps.sms);
  const sms = new SmsSender(deps.db, smsProviders, fastify.log);
  const otp = new OtpService(deps.db, sms, locales, deps.tokenKey);
  const overtime = new OvertimeService(deps.db, otp);
  const parents = new ParentService(deps.db, locales);
  const sales = new SaleService(deps.db, subscriptions, overtime, sms, locales);
  // Room views follow who is inside a room and who may work it.
  const roomViewsChanged = (branch_id: number) => realtime.publish('visits_changed', { branch_id });
  const rooms = new RoomService(deps.db, locales, roomViewsChanged);
  const employees = new EmployeeService(deps.db, locales, roomViewsChanged, (signInIds) =>
    signInIds.forEach((signInId) => realtime.endSession(signInId)),
  );
  const supervisors = new SupervisorService(deps.db, otp, locales, deps.tokenKey, roomViewsChanged);
  const subscriptionReport = new SubscriptionReport(deps.db);
  const promotionSettings = new PromotionSettingsStore(deps.db);
  const now = deps.now ?? (() => new Date());
  const promotions = new PromotionSender(
    deps.db,
    sms,
    locales,
    promotionSettings,
    ({ id, branch_id }) => realtime.publish('promotion_changed', { branch_id, campaign_id: id }),
    fastify.log,
    { ...DEFAULT_SENDER, ...deps.promotion, now },
  );
  const campaigns = new PromotionCampaigns(
    deps.db,
    locales,
    promotionSettings,
    now,
    ({ id, branch_id }) => {
      realtime.publish('promotion_changed', { branch_id, campaign_id: id });
      promotions.wake();
    },
    deps.files,
  );
  const authenticator = {
    authenticate: (token: string) => auth.authenticate(token),
    supervisor: (token: string | null, staffSessionId: string) => supervisors.authenticate(token, staffSessionId),
  };
  // Every module is a plugin answering its shared/api module's endpoints; the envelope comes first, on the
  // root, so their routes inherit its error formatter, not-found answer and headers.
  fastify.register(envelope);
  const modules = [
    authRoutes(auth),
    setupRoutes(auth, deps.firstRun ?? new FirstRunGate(), deps.minStationVersion),
    chainSettingsRoutes(new ChainSettingsService(deps.db)),
    smsProviderRoutes({ providers: smsProviders, sms, locales, outbox: new SmsOutbox(deps.db, locales) }),
    lookupRoutes(new LookupService(deps.db)),
    roleRoutes(new RoleService(deps.db)),
    branchRoutes(new BranchService(deps.db, locales)),
    employeeRoutes(employees),
    productRoutes(products),
    couponRoutes(new CouponService(deps.db)),
    saleRoutes({ sales, products, packages, realtime }),
    offlineRoutes({
      numbers: new OfflineNumbers(deps.db),
      sales: new OfflineSales(deps.db, sales, subscriptions, locales),
      review: new OfflineReview(deps.db),
      realtime,
    }),
    parentRoutes(parents),
    frontDeskRoutes({ otp, visits: new VisitService(deps.db, locales), overtime, realtime }),
    roomRoutes(rooms),
    supervisorRoutes(supervisors),
    reportRoutes({
      dashboard: new Dashboard(deps.db, subscriptionReport),
      visits: new KidVisits(deps.db, locales),
      sales: new SalesReports(deps.db),
      saved: new SavedReports(deps.db),
      subscriptions: subscriptionReport,
      users: new UserSummary(deps.db),
    }),
    cashupRoutes(new CashupService(deps.db, locales)),
    promotionRoutes({
      campaigns,
      audience: new PromotionAudience(deps.db, locales, now),
      settings: promotionSettings,
      settingsChanged: () => promotions.wake(),
    }),
    chatRoutes(chat),
    subscriptionRoutes(subscriptions),
    packageRoutes(packages),
    fileRoutes(
      new FileService(deps.files, {
        kid: {
          check: async (_ctx, id) => void (await parents.kidInfo(id)),
          setImage: (id, image) => parents.setKidImage(id, image),
          doorView: { feature: 'Supervisor', check: (ctx, id, stored) => supervisors.assertRoomPhoto(ctx, id, stored) },
        },
        emp: { check: async (ctx, id) => void (await employees.info(ctx, id)) },
        product: {
          check: (ctx, id, action) => products.assertFilesOpen(ctx, id, action),
          setImage: (id, image) => products.setImage(id, image),
        },
        package: {
          check: (ctx, id, action) => packages.assertFilesOpen(ctx, id, action),
          setImage: (id, image) => packages.setImage(id, image),
          photoStem: (id) => `P${id}`,
        },
        // A branch's campaign files: its own staff's (an administrator's, any branch's).
        promotion: { check: async (ctx, id) => void (await itemBranch(deps.db, ctx, id)) },
      }),
    ),
  ];
  for (const module of modules) fastify.register(module, { auth: authenticator });
  fastify.register(openApiRoute, { auth: authenticator });
  // A catalogue endpoint no module answers is a build mistake, found at start rather than by a cashier.
  fastify.addHook('onReady', async () => {
    const missing = allEndpoints.filter(([, e]) => !fastify.hasRoute({ method: e.method, url: e.path }));
    if (missing.length > 0) throw new Error(`No route for ${missing.map(([name]) => name).join(', ')}`);
  });
  promotions.start();
  // Before the pool closes: the answers awaited are recorded first.
  fastify.addHook('preClose', () => promotions.stop());
  return { fastify, auth, promotions };
}
