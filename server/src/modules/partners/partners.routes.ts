import {
  forgotPasswordSchema,
  messageResponseSchema,
  partnerAccountUpdateSchema,
  partnerLoginSchema,
  partnerOrderListSchema,
  partnerRegistrationSchema,
  partnerUserSchema,
  resetPasswordSchema,
} from "@mcf/contracts/partners";
import {
  awaitingApprovalMessage,
  forgotPasswordReplyMessage,
} from "@mcf/contracts/partners-options";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { forbidden } from "../../errors.ts";
import { afterReplyWork } from "../../http/account-plumbing.ts";
import { partnerSecurity } from "../../http/openapi-document.ts";
import { listPartnerOrders } from "../orders/orders.service.ts";
import { bearerToken, type PartnerUserRow } from "./partner-session.ts";
import {
  loginPartner,
  registerPartner,
  requestPasswordReset,
  requireSignedInPartner,
  resetPartnerPassword,
  revokeSessionToken,
  toPartnerUser,
  updatePartnerAccount,
} from "./partners.service.ts";

export const tokenHeader = "x-ace-token";

/** Rate-limit key: the caller's address plus the email it is trying (body parsed by then). */
function ipAndEmailKey(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined;
  const email = typeof body?.email === "string" ? body.email.trim().toLowerCase() : "";
  return `${request.ip}|${email}`;
}

function sendToken(reply: FastifyReply, token: string): void {
  reply.header(tokenHeader, token);
  reply.header("access-control-expose-headers", tokenHeader);
  reply.header("cache-control", "no-store");
}

/**
 * The signed-in, approved partner of a request: 401 when signed out, 403 "awaiting approval"
 * while pending. ACE product routes use it.
 */
export async function requireApprovedPartner(request: FastifyRequest): Promise<PartnerUserRow> {
  const user = await requireSignedInPartner(request.server.database.db, bearerToken(request));
  if (user.status !== "approved") throw forbidden(awaitingApprovalMessage);
  return user;
}

/** ACE partner accounts: sign-up, sign-in, sessions, password reset and profile. */
export const partnerAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  // Set by the signed-in check, which runs before body validation so a signed-out caller
  // hears 401 rather than a list of field errors.
  const signedIn = new WeakMap<FastifyRequest, PartnerUserRow>();
  const afterReply = afterReplyWork(app);

  app.post(
    "/api/ace/auth/register",
    {
      config: { rateLimit: { max: 10, timeWindow: "1 hour" } },
      schema: {
        tags: ["ace"],
        summary: "Create a partner account and sign it in (token in the x-ace-token header)",
        body: partnerRegistrationSchema,
        response: { 201: partnerUserSchema },
      },
    },
    async (request, reply) => {
      const { user, token } = await registerPartner(db, request.body, app.config.aceApproval);
      request.log.info({ partnerId: user.id, status: user.status }, "partner registered");
      sendToken(reply, token);
      return reply.status(201).send(user);
    },
  );

  app.post(
    "/api/ace/auth/login",
    {
      config: {
        rateLimit: {
          max: 10,
          timeWindow: "15 minutes",
          hook: "preHandler",
          keyGenerator: ipAndEmailKey,
        },
      },
      schema: {
        tags: ["ace"],
        summary: "Sign in (token in the x-ace-token header)",
        body: partnerLoginSchema,
        response: { 200: partnerUserSchema },
      },
    },
    async (request, reply) => {
      const { user, token } = await loginPartner(db, request.body.email, request.body.password);
      sendToken(reply, token);
      return user;
    },
  );

  app.post(
    "/api/ace/auth/logout",
    {
      schema: {
        tags: ["ace"],
        security: partnerSecurity,
        summary: "Revoke the bearer token (always succeeds)",
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      const token = bearerToken(request);
      if (token) await revokeSessionToken(db, token);
      return { message: "Signed out" };
    },
  );

  app.get(
    "/api/ace/me",
    {
      schema: {
        tags: ["ace"],
        security: partnerSecurity,
        summary: "The signed-in partner (401 when the token is absent, unknown or expired)",
        response: { 200: partnerUserSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return toPartnerUser(await requireSignedInPartner(db, bearerToken(request)));
    },
  );

  app.get(
    "/api/ace/orders",
    {
      schema: {
        tags: ["ace"],
        security: partnerSecurity,
        summary: "The signed-in partner's paid orders, newest first, each with its tracking page",
        response: { 200: partnerOrderListSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const partner = await requireSignedInPartner(db, bearerToken(request));
      return { orders: await listPartnerOrders(db, partner.id) };
    },
  );

  app.post(
    "/api/ace/auth/forgot-password",
    {
      config: {
        rateLimit: {
          max: 5,
          timeWindow: "15 minutes",
          hook: "preHandler",
          keyGenerator: ipAndEmailKey,
        },
      },
      schema: {
        tags: ["ace"],
        summary: "Email a reset link when the account exists; the same answer either way",
        body: forgotPasswordSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      // Answered before the account is even looked up, so the reply takes the same time
      // whether or not the email has an account (no enumeration by timing); the link is
      // created and queued just after.
      afterReply(
        request,
        "password reset request failed",
        requestPasswordReset(db, request.body.email, {
          publicUrl: app.config.publicUrl,
          log: request.log,
        }),
      );
      return { message: forgotPasswordReplyMessage };
    },
  );

  app.post(
    "/api/ace/auth/reset-password",
    {
      config: { rateLimit: { max: 10, timeWindow: "15 minutes" } },
      schema: {
        tags: ["ace"],
        summary: "Set a new password with a reset token (single use, 1 hour)",
        body: resetPasswordSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await resetPartnerPassword(db, request.body.token, request.body.new_password);
      return { message: "Password reset successful" };
    },
  );

  app.put(
    "/api/ace/account",
    {
      schema: {
        tags: ["ace"],
        security: partnerSecurity,
        summary: "Update the signed-in partner's profile (email is read-only)",
        body: partnerAccountUpdateSchema,
        response: { 200: partnerUserSchema },
      },
      preValidation: async (request) => {
        signedIn.set(request, await requireSignedInPartner(db, bearerToken(request)));
      },
    },
    async (request) => {
      const user = signedIn.get(request);
      if (!user) throw new Error("signed-in check did not run");
      return updatePartnerAccount(db, user.id, request.body);
    },
  );
};
