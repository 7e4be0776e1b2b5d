import {
  accountInstallJobListSchema,
  accountOrderListSchema,
  confirmEmailChangeSchema,
  emailChangeReplySchema,
  emailChangeRequestSchema,
  emailPreferencesSchema,
  passwordSignInSchema,
  projectInputSchema,
  projectListSchema,
  projectSchema,
  reorderPlanSchema,
  savedAddressInputSchema,
  savedAddressListSchema,
  savedAddressSchema,
  savedProductListSchema,
  setPasswordSchema,
  shopperAccountSchema,
  signInLinkReplySchema,
  signInLinkRequestSchema,
  signInWithLinkSchema,
} from "@mcf/contracts/accounts";
import {
  emailChangeRateLimit,
  emailChangeSentMessage,
  shopperCookieName,
  shopperHintCookieName,
  signInLinkRateLimit,
  signInLinkReplyMessage,
} from "@mcf/contracts/accounts-options";
import { errorResponseSchema } from "@mcf/contracts/errors";
import { rowIdParam } from "@mcf/contracts/ids";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  afterReplyWork,
  sessionCookieOptions,
  signOutBrowser,
} from "../../http/account-plumbing.ts";
import { documentSecurity, shopperSecurity } from "../../http/openapi-document.ts";
import { assertSameOrigin } from "../../http/same-origin.ts";
import { listJobsByEmail } from "../installs/installs.service.ts";
import { listOrdersByEmail } from "../orders/orders.service.ts";
import {
  addAddress,
  confirmEmailChange,
  createProject,
  deleteAddress,
  deleteProject,
  getProject,
  listAddresses,
  listProjects,
  listSavedProducts,
  reorderPlan,
  requestEmailChange,
  requestSignInLink,
  requireShopper,
  revokeShopperSession,
  type ShopperAccountRow,
  saveEmailPreferences,
  saveProduct,
  setShopperPassword,
  shopperSessionLifetimeMs,
  signInWithLink,
  signInWithPassword,
  toShopperAccount,
  unsaveProduct,
  updateAddress,
  updateProject,
} from "./accounts.service.ts";

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
  429: errorResponseSchema,
};
const crossSiteSignInMessage = "Please sign in from this store's own pages.";
const idParams = z.object({ id: rowIdParam() });
const productParams = z.object({ product_id: rowIdParam() });
const orderParams = z.object({ order_number: z.string().trim().min(1).max(40) });

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in shopper of an /api/account request (set by the account scope's hook). */
    shopper: ShopperAccountRow | null;
  }
}

function signedInShopper(request: FastifyRequest): ShopperAccountRow {
  if (!request.shopper) throw new Error("the shopper hook did not run");
  return request.shopper;
}

/**
 * Shopper accounts: a one-time link by email signs in (or makes the account), an optional
 * password afterwards. The session is an HttpOnly, SameSite=Lax cookie (Secure in production or
 * behind an https PUBLIC_URL), kept in the database only as a hash; a second, non-secret cookie
 * tells the web app a session may exist, so guest pages never ask the API who is signed in.
 */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const { config } = app;
  const cookieOptions = sessionCookieOptions(config, { path: "/", sameSite: "lax" });
  const hintOptions = { ...cookieOptions, httpOnly: false };
  const maxAge = shopperSessionLifetimeMs / 1000;
  const setSession = (reply: FastifyReply, token: string) => {
    reply.setCookie(shopperCookieName, token, { ...cookieOptions, maxAge });
    reply.setCookie(shopperHintCookieName, "1", { ...hintOptions, maxAge });
  };
  const clearSession = (reply: FastifyReply) => {
    reply.clearCookie(shopperCookieName, cookieOptions);
    reply.clearCookie(shopperHintCookieName, hintOptions);
  };
  app.decorateRequest("shopper", null);
  const afterReply = afterReplyWork(app);
  const limitLinks = app.createRateLimit({
    max: signInLinkRateLimit.max,
    timeWindow: signInLinkRateLimit.windowMinutes * 60_000,
    keyGenerator: (request) => `account-sign-in-link:${request.ip}`,
  });
  const limitEmailChanges = app.createRateLimit({
    max: emailChangeRateLimit.max,
    timeWindow: emailChangeRateLimit.windowMinutes * 60_000,
    keyGenerator: (request) => `account-email-change:${request.ip}`,
  });

  app.post(
    "/api/account/sign-in-link",
    {
      schema: {
        tags: ["account"],
        summary:
          "Email a one-time sign-in link (it makes the account on first use); the same 202 for any email",
        body: signInLinkRequestSchema,
        response: {
          202: signInLinkReplySchema,
          422: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const limit = await limitLinks(request);
      if (!limit.isAllowed && limit.isExceeded)
        return reply.status(429).send({
          detail: `Too many sign-in requests from your network. Please try again in ${signInLinkRateLimit.windowMinutes} minutes.`,
        });
      // Answered before anything is looked up, so the reply takes the same time for every email.
      afterReply(
        request,
        "sign-in link request failed",
        requestSignInLink(db, request.body.email, {
          publicUrl: config.publicUrl,
          returnTo: request.body.return_to ?? null,
          log: request.log,
        }).then(() => void app.jobs.mail?.runOnce()),
      );
      return reply.status(202).send({ message: signInLinkReplyMessage });
    },
  );

  app.post(
    "/api/account/sign-in",
    {
      config: { rateLimit: { max: 20, timeWindow: "15 minutes" } },
      schema: {
        tags: ["account"],
        summary: "Use a sign-in link's token (single use, 20 minutes); sets the session cookie",
        body: signInWithLinkSchema,
        response: { 200: shopperAccountSchema, ...errors },
      },
    },
    async (request, reply) => {
      // A sign-in posted from another site would plant that site's session here.
      assertSameOrigin(request, config.publicUrl, crossSiteSignInMessage);
      const { account, token } = await signInWithLink(db, request.body.token);
      reply.header("cache-control", "no-store");
      setSession(reply, token);
      return account;
    },
  );

  app.post(
    "/api/account/sign-in/password",
    {
      config: {
        rateLimit: {
          max: 10,
          timeWindow: "15 minutes",
          keyGenerator: (request: FastifyRequest) => {
            const body = request.body as { email?: unknown } | undefined;
            const email = typeof body?.email === "string" ? body.email.trim().toLowerCase() : "";
            return `${request.ip}|${email}`;
          },
        },
      },
      schema: {
        tags: ["account"],
        summary: "Sign in with the email and the optional password; sets the session cookie",
        body: passwordSignInSchema,
        response: { 200: shopperAccountSchema, ...errors },
      },
    },
    async (request, reply) => {
      assertSameOrigin(request, config.publicUrl, crossSiteSignInMessage);
      const { account, token } = await signInWithPassword(
        db,
        request.body.email,
        request.body.password,
      );
      reply.header("cache-control", "no-store");
      setSession(reply, token);
      return account;
    },
  );

  app.delete(
    "/api/account/session",
    {
      schema: {
        tags: ["account"],
        summary: "Sign out this browser (always succeeds)",
        response: { 204: z.null(), 403: errorResponseSchema },
      },
    },
    signOutBrowser({
      publicUrl: config.publicUrl,
      crossSiteMessage: crossSiteSignInMessage,
      cookieName: shopperCookieName,
      revoke: (token) => revokeShopperSession(db, token),
      clear: clearSession,
    }),
  );

  // Everything below needs a signed-in shopper.
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    documentSecurity(scope, shopperSecurity);
    scope.addHook("onRequest", async (request, reply) => {
      reply.header("cache-control", "no-store");
      // A dead session answers 401 and sets nothing: the web app drops its own hint cookie.
      request.shopper = await requireShopper(db, request.cookies[shopperCookieName]);
    });

    scope.get(
      "/api/account",
      {
        schema: {
          tags: ["account"],
          summary: "The signed-in shopper",
          response: { 200: shopperAccountSchema, ...errors },
        },
      },
      async (request) => toShopperAccount(signedInShopper(request)),
    );

    scope.put(
      "/api/account/password",
      {
        config: { rateLimit: { max: 10, timeWindow: "15 minutes" } },
        schema: {
          tags: ["account"],
          summary: "Set or change the optional password; other sessions end",
          body: setPasswordSchema,
          response: { 200: shopperAccountSchema, ...errors },
        },
      },
      async (request) =>
        setShopperPassword(
          db,
          signedInShopper(request).id,
          request.cookies[shopperCookieName] ?? "",
          request.body.new_password,
        ),
    );

    scope.put(
      "/api/account/email-preferences",
      {
        schema: {
          tags: ["account"],
          summary: "Which emails besides order emails the shopper wants",
          body: emailPreferencesSchema,
          response: { 200: shopperAccountSchema, ...errors },
        },
      },
      async (request) => saveEmailPreferences(db, signedInShopper(request).id, request.body),
    );

    scope.post(
      "/api/account/email-change",
      {
        schema: {
          tags: ["account"],
          summary:
            "Email a one-time link to a new address that changes the account's email when used; the old address is told",
          body: emailChangeRequestSchema,
          response: { 202: emailChangeReplySchema, ...errors },
        },
      },
      async (request, reply) => {
        const limit = await limitEmailChanges(request);
        if (!limit.isAllowed && limit.isExceeded)
          return reply.status(429).send({
            detail: `Too many email change requests from your network. Please try again in ${emailChangeRateLimit.windowMinutes} minutes.`,
          });
        await requestEmailChange(db, signedInShopper(request), request.body.new_email, {
          publicUrl: config.publicUrl,
        });
        void app.jobs.mail?.runOnce();
        // The same answer whether another account holds the address: using the link refuses it.
        return reply.status(202).send({ message: emailChangeSentMessage });
      },
    );

    scope.post(
      "/api/account/email-change/confirm",
      {
        config: { rateLimit: { max: 20, timeWindow: "15 minutes" } },
        schema: {
          tags: ["account"],
          summary:
            "Use an email change link (single use, 20 minutes, the account that asked it); the email changes",
          body: confirmEmailChangeSchema,
          response: { 200: shopperAccountSchema, ...errors },
        },
      },
      async (request) => {
        // A confirmation posted from another site's page would change the email unseen.
        assertSameOrigin(request, config.publicUrl, crossSiteSignInMessage);
        return confirmEmailChange(db, signedInShopper(request).id, request.body.token);
      },
    );

    scope.get(
      "/api/account/orders",
      {
        schema: {
          tags: ["account"],
          summary: "The paid orders placed with the account's email, guest checkouts included",
          response: { 200: accountOrderListSchema, ...errors },
        },
      },
      async (request) => ({ orders: await listOrdersByEmail(db, signedInShopper(request).email) }),
    );

    scope.get(
      "/api/account/orders/:order_number/reorder",
      {
        schema: {
          tags: ["account"],
          summary:
            "What re-ordering an order's dye lots would put in the cart: the same lot, what it has left, or the closest lot with a warning",
          params: orderParams,
          response: { 200: reorderPlanSchema, ...errors },
        },
      },
      async (request) =>
        reorderPlan(db, signedInShopper(request).email, request.params.order_number),
    );

    scope.get(
      "/api/account/installation-jobs",
      {
        schema: {
          tags: ["account"],
          summary: "The installation jobs of the account's email, each with its page",
          response: { 200: accountInstallJobListSchema, ...errors },
        },
      },
      async (request) => ({ jobs: await listJobsByEmail(db, signedInShopper(request).email) }),
    );

    scope.get(
      "/api/account/addresses",
      {
        schema: {
          tags: ["account"],
          summary: "Saved addresses, the default first",
          response: { 200: savedAddressListSchema, ...errors },
        },
      },
      async (request) => ({ addresses: await listAddresses(db, signedInShopper(request).id) }),
    );

    scope.post(
      "/api/account/addresses",
      {
        schema: {
          tags: ["account"],
          summary: "Save an address (the first is the default)",
          body: savedAddressInputSchema,
          response: { 201: savedAddressSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await addAddress(db, signedInShopper(request).id, request.body)),
    );

    scope.put(
      "/api/account/addresses/:id",
      {
        schema: {
          tags: ["account"],
          summary: "Change a saved address",
          params: idParams,
          body: savedAddressInputSchema,
          response: { 200: savedAddressSchema, ...errors },
        },
      },
      async (request) =>
        updateAddress(db, signedInShopper(request).id, request.params.id, request.body),
    );

    scope.delete(
      "/api/account/addresses/:id",
      {
        schema: {
          tags: ["account"],
          summary: "Remove a saved address",
          params: idParams,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await deleteAddress(db, signedInShopper(request).id, request.params.id);
        return reply.status(204).send(null);
      },
    );

    scope.get(
      "/api/account/projects",
      {
        schema: {
          tags: ["account"],
          summary: "Projects with their rooms, measurements and calculator results",
          response: { 200: projectListSchema, ...errors },
        },
      },
      async (request) => {
        const shopper = signedInShopper(request);
        return { projects: await listProjects(db, shopper.id, shopper.email) };
      },
    );

    scope.post(
      "/api/account/projects",
      {
        schema: {
          tags: ["account"],
          summary: "Create a project with its rooms",
          body: projectInputSchema,
          response: { 201: projectSchema, ...errors },
        },
      },
      async (request, reply) => {
        const shopper = signedInShopper(request);
        return reply
          .status(201)
          .send(await createProject(db, shopper.id, shopper.email, request.body));
      },
    );

    scope.get(
      "/api/account/projects/:id",
      {
        schema: {
          tags: ["account"],
          summary: "One project",
          params: idParams,
          response: { 200: projectSchema, ...errors },
        },
      },
      async (request) => {
        const shopper = signedInShopper(request);
        return getProject(db, shopper.id, shopper.email, request.params.id);
      },
    );

    scope.put(
      "/api/account/projects/:id",
      {
        schema: {
          tags: ["account"],
          summary: "Rename a project and replace its rooms",
          params: idParams,
          body: projectInputSchema,
          response: { 200: projectSchema, ...errors },
        },
      },
      async (request) => {
        const shopper = signedInShopper(request);
        return updateProject(db, shopper.id, shopper.email, request.params.id, request.body);
      },
    );

    scope.delete(
      "/api/account/projects/:id",
      {
        schema: {
          tags: ["account"],
          summary: "Remove a project",
          params: idParams,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await deleteProject(db, signedInShopper(request).id, request.params.id);
        return reply.status(204).send(null);
      },
    );

    scope.get(
      "/api/account/saved-products",
      {
        schema: {
          tags: ["account"],
          summary: "The saved floors, newest first",
          response: { 200: savedProductListSchema, ...errors },
        },
      },
      async (request) => ({ products: await listSavedProducts(db, signedInShopper(request).id) }),
    );

    scope.put(
      "/api/account/saved-products/:product_id",
      {
        schema: {
          tags: ["account"],
          summary: "Save a floor (saving twice keeps one)",
          params: productParams,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await saveProduct(db, signedInShopper(request).id, request.params.product_id);
        return reply.status(204).send(null);
      },
    );

    scope.delete(
      "/api/account/saved-products/:product_id",
      {
        schema: {
          tags: ["account"],
          summary: "Remove a saved floor",
          params: productParams,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await unsaveProduct(db, signedInShopper(request).id, request.params.product_id);
        return reply.status(204).send(null);
      },
    );
  });
};
