import { errorResponseSchema } from "@mcf/contracts/errors";
import { messageResponseSchema } from "@mcf/contracts/partners";
import {
  crossSiteRefusedMessage,
  staffAccountCreateSchema,
  staffAccountListSchema,
  staffAccountSchema,
  staffAccountUpdateSchema,
  staffForgotPasswordReplyMessage,
  staffForgotPasswordSchema,
  staffIdParamsSchema,
  staffMemberSchema,
  staffResetPasswordSchema,
  staffSignInSchema,
} from "@mcf/contracts/staff";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError, conflict } from "../../errors.ts";
import {
  afterReplyWork,
  sessionCookieOptions,
  signOutBrowser,
} from "../../http/account-plumbing.ts";
import { assertSameOrigin } from "../../http/same-origin.ts";
import {
  adminPasswordMatches,
  allowArea,
  refuseWhileLockedOut,
  requireAdmin,
  staffActor,
} from "../../plugins/admin-auth.ts";
import {
  countSignInFailure,
  createStaffAccount,
  listStaffAccounts,
  requestStaffPasswordReset,
  resetStaffPassword,
  revokeAllStaffSessions,
  revokeStaffSession,
  signInStaff,
  staffCookieName,
  staffCookiePath,
  updateStaffAccount,
} from "./staff.service.ts";

const errors = {
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
  429: errorResponseSchema,
};

/** The staff member a signed-in request was made by (requireAdmin ran first). */
function signedInStaff(request: FastifyRequest) {
  if (!request.staff) throw new Error("requireAdmin did not run");
  return request.staff;
}

/**
 * The back office's sign-in, sessions, password reset and (for the owner) staff accounts.
 * The browser holds its session in an HttpOnly, SameSite=Strict cookie sent only to /api/admin
 * (Secure in production or behind an https PUBLIC_URL); nothing is kept in web storage.
 */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const { config } = app;
  const lifetimeMs = config.staffSessionHours * 60 * 60 * 1000;
  const cookieOptions = sessionCookieOptions(config, { path: staffCookiePath, sameSite: "strict" });
  const clearCookie = (reply: FastifyReply) => reply.clearCookie(staffCookieName, cookieOptions);
  const afterReply = afterReplyWork(app);

  app.post(
    "/api/admin/session",
    {
      schema: {
        tags: ["admin"],
        summary:
          "Sign in to the back office (email + password, or the shop password alone); sets the session cookie",
        body: staffSignInSchema,
        response: { 200: staffMemberSchema, ...errors },
      },
    },
    async (request, reply) => {
      // A sign-in from another site's page would plant that site's session here.
      assertSameOrigin(request, config.publicUrl, crossSiteRefusedMessage);
      const { email } = request.body;
      if (await refuseWhileLockedOut(request, reply, email)) return reply;
      try {
        const { member, token } = await signInStaff(db, request.body, {
          shopPasswordMatches: (given) => adminPasswordMatches(given, config.adminPassword),
          sessionLifetimeMs: lifetimeMs,
        });
        request.log.info({ staffId: member.id, role: member.role }, "staff signed in");
        reply.header("cache-control", "no-store");
        reply.setCookie(staffCookieName, token, { ...cookieOptions, maxAge: lifetimeMs / 1000 });
        return member;
      } catch (error) {
        if (error instanceof AppError && error.code === "unauthorized")
          await countSignInFailure(app.signInFailures, request.ip, email);
        throw error;
      }
    },
  );

  app.delete(
    "/api/admin/session",
    {
      schema: {
        tags: ["admin"],
        summary: "Sign out this browser (always succeeds)",
        response: { 204: z.null(), 403: errorResponseSchema },
      },
    },
    signOutBrowser({
      publicUrl: config.publicUrl,
      crossSiteMessage: crossSiteRefusedMessage,
      cookieName: staffCookieName,
      revoke: (token) => revokeStaffSession(db, token),
      clear: clearCookie,
    }),
  );

  app.post(
    "/api/admin/session/forgot-password",
    {
      config: { rateLimit: { max: 5, timeWindow: "15 minutes" } },
      schema: {
        tags: ["admin"],
        summary:
          "Email a staff member a reset link when the account exists; the same answer either way",
        body: staffForgotPasswordSchema,
        response: {
          200: messageResponseSchema,
          422: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => {
      // Answered before the account is looked up, so the reply takes the same time either way.
      afterReply(
        request,
        "staff password reset request failed",
        requestStaffPasswordReset(db, request.body.email, {
          publicUrl: config.publicUrl,
          log: request.log,
        }),
      );
      return { message: staffForgotPasswordReplyMessage };
    },
  );

  app.post(
    "/api/admin/session/reset-password",
    {
      config: { rateLimit: { max: 10, timeWindow: "15 minutes" } },
      schema: {
        tags: ["admin"],
        summary:
          "Set a new staff password with a reset token (single use, 1 hour); ends every session",
        body: staffResetPasswordSchema,
        response: {
          200: messageResponseSchema,
          400: errorResponseSchema,
          422: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => {
      await resetStaffPassword(db, request.body.token, request.body.new_password);
      return { message: "Password reset successful" };
    },
  );

  // Everything below needs a signed-in staff member.
  await app.register(async (scope) => {
    await requireAdmin(scope);

    scope.get(
      "/api/admin/session",
      {
        schema: {
          tags: ["admin"],
          summary: "The signed-in staff member and role",
          response: { 200: staffMemberSchema, ...errors },
        },
      },
      async (request, reply) => {
        reply.header("cache-control", "no-store");
        const { id, name, email, role } = signedInStaff(request);
        return { id, name, email, role };
      },
    );

    scope.post(
      "/api/admin/session/sign-out-everywhere",
      {
        schema: {
          tags: ["admin"],
          summary: "End every session of the signed-in staff member, on every device",
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        const staff = signedInStaff(request);
        await revokeAllStaffSessions(db, staff.id);
        request.log.info({ staffId: staff.id }, "staff signed out everywhere");
        clearCookie(reply);
        return reply.status(204).send(null);
      },
    );

    // The Staff tab: the owner's only.
    await scope.register(async (ownerScope) => {
      allowArea(ownerScope, "staff");
      const owner = ownerScope.withTypeProvider<ZodTypeProvider>();
      owner.get(
        "/api/admin/staff",
        {
          schema: {
            tags: ["admin"],
            summary: "Every staff account (owner only)",
            response: { 200: staffAccountListSchema, ...errors },
          },
        },
        async (_request, reply) => {
          reply.header("cache-control", "no-store");
          return { accounts: await listStaffAccounts(db) };
        },
      );
      owner.post(
        "/api/admin/staff",
        {
          schema: {
            tags: ["admin"],
            summary: "Create a staff account with a first password (owner only)",
            body: staffAccountCreateSchema,
            response: { 201: staffAccountSchema, ...errors },
          },
        },
        async (request, reply) => {
          const account = await createStaffAccount(db, request.body, staffActor(request));
          request.log.info({ staffId: account.id, role: account.role }, "staff account created");
          return reply.status(201).send(account);
        },
      );
      owner.patch(
        "/api/admin/staff/:id",
        {
          schema: {
            tags: ["admin"],
            summary: "Rename, change the role of, or turn off a staff account (owner only)",
            params: staffIdParamsSchema,
            body: staffAccountUpdateSchema,
            response: { 200: staffAccountSchema, ...errors },
          },
        },
        async (request) => {
          const staff = signedInStaff(request);
          // An owner cannot lock themselves out of the Staff tab by mistake.
          const { active, role } = request.body;
          if (request.params.id === staff.id && (active === false || (role && role !== "owner")))
            throw conflict("You cannot turn off your own account or give up your own owner role.");
          return updateStaffAccount(db, request.params.id, request.body, staffActor(request));
        },
      );
    });
  });
};
