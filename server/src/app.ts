import { join } from "node:path";
import fastifyCookie from "@fastify/cookie";
import fastifyFormbody from "@fastify/formbody";
import fastifyRateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  LogController,
  type RouteOptions,
} from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { Redis } from "ioredis";
import type { ServerBuild } from "react-router";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import { openApiSecuritySchemes, typeNullableUnions } from "./http/openapi-document.ts";
import { createJobs, type Jobs } from "./jobs.ts";
import { loggerOptions, redactUrl } from "./logging.ts";
import { connectStoreIdentity } from "./mail/store-identity.ts";
import { createSmtpTransport, type MailTransport } from "./mail/transport.ts";
import { accountRoutes } from "./modules/accounts/accounts.routes.ts";
import { adminRoutes } from "./modules/admin/admin.routes.ts";
import { cartRoutes } from "./modules/cart/cart.routes.ts";
import { catalogRoutes } from "./modules/catalog/catalog.routes.ts";
import { productImageRoutes } from "./modules/catalog/product-images.routes.ts";
import { claimRoutes } from "./modules/claims/claims.routes.ts";
import { contentRoutes } from "./modules/content/content.routes.ts";
import { builtInPartners } from "./modules/content/content.service.ts";
import { couponRoutes } from "./modules/coupons/coupon.routes.ts";
import { healthRoutes } from "./modules/health/health.routes.ts";
import { bookingRoutes } from "./modules/installs/booking.routes.ts";
import { installRoutes } from "./modules/installs/installs.routes.ts";
import { leadsRoutes } from "./modules/leads/leads.routes.ts";
import { orderRoutes } from "./modules/orders/orders.routes.ts";
import { sampleRoutes } from "./modules/orders/samples.routes.ts";
import { aceProductRoutes } from "./modules/partners/ace-products.routes.ts";
import { partnerAuthRoutes } from "./modules/partners/partners.routes.ts";
import { partnerAdminRoutes } from "./modules/partners/partners-admin.routes.ts";
import { paymentRoutes } from "./modules/payments/payments.routes.ts";
import { createPaymentProvider } from "./modules/payments/payments.service.ts";
import { stripeWebhookRoutes } from "./modules/payments/stripe-webhook.routes.ts";
import { reviewRoutes } from "./modules/reviews/reviews.routes.ts";
import { publicSettingsRoutes } from "./modules/settings/settings.routes.ts";
import {
  createSettingsSource,
  type SettingsSource,
  shippedSettings,
} from "./modules/settings/settings.service.ts";
import { staffRoutes } from "./modules/staff/staff.routes.ts";
import { createSignInFailures } from "./plugins/admin-auth.ts";
import { answerWhileClosing } from "./plugins/closing.ts";
import { registerCompression } from "./plugins/compression.ts";
import { registerErrorHandler } from "./plugins/error-handler.ts";
import { acceptEmptyJsonBodies } from "./plugins/json-body.ts";
import {
  admittingServer,
  createAdmission,
  type LoadSheddingOptions,
} from "./plugins/load-shedding.ts";
import { createMetrics, registerMetrics } from "./plugins/metrics.ts";
import { registerNulCharacterGuard } from "./plugins/reject-nul-characters.ts";
import { registerSecurityHeaders } from "./plugins/security-headers.ts";
import { createPageCache } from "./web/page-cache.ts";
import { createRenderGate } from "./web/render-gate.ts";
import { registerSsr } from "./web/ssr.ts";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    database: Database;
    /** The background jobs (mail sender, payment-expiry sweeper); routes wake the mail sender. */
    jobs: Jobs;
    /** Shared counters across processes (REDIS_URL); null when counted per process. */
    redis: Redis | null;
    /** The store settings, read per content version (modules/settings). */
    settings: SettingsSource;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Overrides the SMTP transport built from SMTP_URL (tests pass their own). */
  mailTransport?: MailTransport;
  /** The web app: a built React Router server bundle, or a loader for dev mode. Omit for API only. */
  web?: {
    getBuild: () => Promise<ServerBuild> | ServerBuild;
    mode: "production" | "development";
    /** Folder of built client assets to serve (production). */
    clientDir?: string;
  };
  /** Extra setup before the web catch-all (dev: Vite middleware). */
  beforeWeb?: (app: FastifyInstance) => Promise<void>;
  /** Writes logs here instead of stdout (tests read them; a terminal gets them pretty). */
  logStream?: NodeJS.WritableStream;
  /**
   * One short line per answered request ("GET /products 200 12 ms") instead of Fastify's two
   * JSON entries (`npm start` in a terminal).
   */
  shortRequestLog?: boolean;
  /** Sees every route as it is registered (the access-matrix test lists the API from it). */
  onRoute?: (route: RouteOptions) => void;
  /**
   * Admission overrides. Admission is off when NODE_ENV=test unless given: the admission tests
   * pass their own places and wait. It happens in the HTTP server, before Fastify, so only
   * requests over a socket (app.listen) wait their turn or are refused.
   */
  admission?: Partial<LoadSheddingOptions>;
}

/** Public page renders (page-cache misses) at once: more only take turns on the one event loop. */
const rendersAtOnce = 4;

/**
 * Requests of one admission class that may wait for a place at once; past it, 503 at once. A
 * waiting request holds a socket and a timer, nothing more.
 */
const maxWaitingPerClass = 1024;

/** Seconds a refused page view, and a refused checkout call, are told to wait (Retry-After). */
const admissionRetryAfter = { browse: 2, checkout: 1 };

/**
 * Builds the whole store: API, web pages and its background jobs (started when
 * config.runWorkers is set). Never listens; main.ts and tests do.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const logger = loggerOptions(config.logLevel);
  // Fixed places per class, with a line that waits seconds (docs/decisions/107): SHED_BROWSE_AT,
  // SHED_CHECKOUT_AT, SHED_WAIT_SECONDS. It decides in the HTTP server's request listener,
  // before Fastify.
  const admission =
    options.admission || config.env !== "test"
      ? createAdmission({
          browseLimit: config.admission.browseLimit,
          checkoutLimit: config.admission.checkoutLimit,
          maxWaitMs: config.admission.maxWaitMs,
          maxWaiting: maxWaitingPerClass,
          retryAfterSeconds: admissionRetryAfter.browse,
          checkoutRetryAfterSeconds: admissionRetryAfter.checkout,
          ...options.admission,
        })
      : null;
  const app = Fastify({
    ...(admission ? { serverFactory: admittingServer(admission) } : {}),
    logger:
      options.logStream && logger && typeof logger === "object"
        ? { ...logger, stream: options.logStream }
        : logger,
    ...(options.shortRequestLog
      ? { logController: new LogController({ disableRequestLogging: true }) }
      : {}),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    requestIdHeader: "x-request-id",
    genReqId: () => crypto.randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
    // Our own answer while closing, in the {detail} shape (plugins/closing.ts).
    return503OnClosing: false,
    // Addresses the router cannot decode (e.g. "/a%E0%A4%A") get our error shape, not Fastify's.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      reply
        .code(error.statusCode ?? 400)
        .send({ detail: error.code === "FST_ERR_BAD_URL" ? "Malformed address" : error.message });
    },
  }).withTypeProvider<ZodTypeProvider>();

  if (options.onRoute) app.addHook("onRoute", options.onRoute);
  if (options.shortRequestLog) {
    app.addHook("onResponse", async (request, reply) => {
      request.log.info(
        `${request.method} ${redactUrl(request.url)} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`,
      );
    });
  }
  answerWhileClosing(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("config", config);
  app.decorate("database", database);
  app.decorate("metrics", createMetrics(database));
  const settingsSource = await createSettingsSource(
    database,
    shippedSettings({
      samples: config.samples,
      restockingFeePercent: config.restockingFeePercent,
      installDepositPercent: config.installDepositPercent,
      staffEmail: config.staffEmail,
      partners: builtInPartners(),
    }),
  );
  app.decorate("settings", settingsSource);
  connectStoreIdentity(settingsSource.latest);
  // Emails and messages name the store as last saved in any process: every request that may
  // write one (a change, a payment, a webhook) reads the settings first, one version check per
  // burst. A failed read leaves the last known settings; the request itself then decides.
  const freshSettings = () => settingsSource.read().catch(() => undefined);
  app.addHook("preHandler", async (request) => {
    if (request.method !== "GET" && request.method !== "HEAD") await freshSettings();
  });

  const jobs = createJobs({
    config,
    metrics: app.metrics.orders,
    db: database.db,
    transport:
      options.mailTransport ?? (config.smtpUrl ? createSmtpTransport(config.smtpUrl) : null),
    log: app.log,
    freshSettings,
  });
  app.decorate("jobs", jobs);
  app.addHook("onClose", () => jobs.stop());
  // One payment provider for every route that opens, checks or completes a payment. Orders,
  // payments and refunds are counted where they happen, in this app's counters, which ride with it.
  const paymentProvider = createPaymentProvider(config, app.metrics.orders);

  registerErrorHandler(app);
  acceptEmptyJsonBodies(app);
  registerMetrics(app, app.metrics, config.metricsToken);
  await registerSecurityHeaders(app, config);
  await registerCompression(app);

  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false })
    : null;
  if (redis) {
    redis.on("error", (error) => app.log.warn({ err: error.message }, "redis error"));
    // Wait briefly for the connection: until then counters fall back to allowing requests.
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 3000);
      redis.once("ready", () => {
        clearTimeout(timer);
        resolve();
      });
    });
    app.addHook("onClose", async () => {
      redis.disconnect();
    });
  }
  app.decorate("redis", redis);
  app.decorate("signInFailures", createSignInFailures(app));
  // The back office's session cookie, and who is signed in on a request (plugins/admin-auth.ts
  // sets it; admin routes hand it to each change they audit through `staffActor`).
  await app.register(fastifyCookie);
  app.decorateRequest("staff", null);
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: "mcf-rate-limit-", skipOnError: true } : {}),
  });
  await app.register(fastifyFormbody);
  registerNulCharacterGuard(app);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: "Magic City Floors API", version: "0.0.0-automated" },
      servers: [{ url: config.publicUrl }],
      components: { securitySchemes: openApiSecuritySchemes },
      // Public unless a route says otherwise: the admin and partner routes declare theirs.
      security: [],
    },
    transform: jsonSchemaTransform,
    transformObject: (documents) =>
      typeNullableUnions(
        "openapiObject" in documents ? documents.openapiObject : documents.swaggerObject,
      ),
  });
  await app.register(fastifySwaggerUi, { routePrefix: "/api/docs" });
  app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());

  await app.register(healthRoutes);
  await app.register(catalogRoutes);
  await app.register(adminRoutes, { refunds: paymentProvider });
  await app.register(cartRoutes);
  await app.register(couponRoutes);
  await app.register(paymentRoutes, { provider: paymentProvider });
  await app.register(stripeWebhookRoutes, { refunds: paymentProvider });
  await app.register(orderRoutes, { payments: paymentProvider });
  await app.register(claimRoutes);
  await app.register(reviewRoutes);
  await app.register(productImageRoutes);
  await app.register(sampleRoutes);
  await app.register(contentRoutes());
  await app.register(publicSettingsRoutes);
  await app.register(leadsRoutes);
  await app.register(installRoutes, { provider: paymentProvider });
  await app.register(bookingRoutes);
  await app.register(partnerAuthRoutes);
  await app.register(accountRoutes);
  await app.register(partnerAdminRoutes);
  await app.register(staffRoutes);
  await app.register(aceProductRoutes);

  // Unknown API paths answer JSON, never the web app's HTML.
  app.all("/api/*", { schema: { hide: true } }, async (_request, reply) => reply.callNotFound());

  if (options.beforeWeb) await options.beforeWeb(app);
  if (options.web) {
    if (options.web.clientDir) {
      await app.register(fastifyStatic, {
        root: options.web.clientDir,
        wildcard: false,
        index: false,
        // The web build writes .br and .gz copies of its scripts and styles (web/scripts/precompress.mjs).
        preCompressed: true,
        // Ours replace @fastify/send's headers (since @fastify/static 10; before, send's
        // Cache-Control: max-age=0 won).
        setHeaders(reply, path) {
          reply.header("vary", "accept-encoding");
          if (path.startsWith(join(options.web?.clientDir ?? "", "assets"))) {
            reply.header("cache-control", "public, max-age=31536000, immutable");
          } else {
            reply.header("cache-control", "public, max-age=86400");
          }
        },
      });
    }
    // Pages are kept only from the production build: in development every edit is a new page.
    const pages =
      options.web.mode === "production" && config.pageCacheBytes > 0
        ? {
            cache: await createPageCache(database, config.pageCacheBytes),
            renderGate: createRenderGate(rendersAtOnce),
          }
        : null;
    await registerSsr(app, config, options.web.getBuild, options.web.mode, pages);
  }
  // Tests leave the jobs stopped and run them on demand (app.jobs).
  if (config.runWorkers) jobs.start();
  return app;
}
