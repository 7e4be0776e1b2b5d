import { createHash, timingSafeEqual } from "node:crypto";
import {
  crossSiteRefusedMessage,
  type StaffRole,
  staffForbiddenMessage,
  staffLockedOutMessage,
  staffSessionEndedMessage,
} from "@mcf/contracts/staff";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { forbidden, unauthorized } from "../errors.ts";
import { adminSecurity, documentSecurity } from "../http/openapi-document.ts";
import { assertSameOrigin } from "../http/same-origin.ts";
import {
  countSignInFailure,
  findStaffBySessionToken,
  lockoutWindowMs,
  roleMayOpen,
  type SignInFailures,
  type StaffIdentity,
  secondsLockedOut,
  shopOwnerActor,
  staffCookieName,
} from "../modules/staff/staff.service.ts";
import { memoryFailureCounter, redisFailureCounter } from "./failure-counter.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Failed back-office sign-ins by address and by account (Redis when REDIS_URL is set). */
    signInFailures: SignInFailures;
  }
  interface FastifyRequest {
    /** The staff member an admin route was called by (set by requireAdmin), else null. */
    staff: StaffIdentity | null;
  }
}

const digest = (value: string) => createHash("sha256").update(value).digest();

/** Compares the given password with the configured one in constant time. */
export function adminPasswordMatches(given: string | undefined, expected: string): boolean {
  return timingSafeEqual(digest(given ?? ""), digest(expected)) && given !== undefined;
}

/** The owner as scripts reach the API: the admin-password header, "Shop password" in the audit log. */
const headerOwner: StaffIdentity = {
  id: null,
  name: "Owner",
  email: null,
  role: "owner",
  via: "header",
  actor: shopOwnerActor,
};

/** The app's one set of sign-in failure counters (app.ts decorates the app with it). */
export function createSignInFailures(app: FastifyInstance): SignInFailures {
  if (!app.redis) {
    return {
      byAddress: memoryFailureCounter(lockoutWindowMs),
      byAccount: memoryFailureCounter(lockoutWindowMs),
    };
  }
  const onError = (error: Error) =>
    app.log.warn({ err: error.message }, "redis error: admin failures counted in process");
  return {
    byAddress: redisFailureCounter(app.redis, lockoutWindowMs, onError),
    byAccount: redisFailureCounter(app.redis, lockoutWindowMs, onError, "mcf-staff-failures:"),
  };
}

/** Answers 429 with Retry-After when the address (or account) has too many failures. */
export async function refuseWhileLockedOut(
  request: FastifyRequest,
  reply: FastifyReply,
  email: string | null,
): Promise<boolean> {
  const seconds = await secondsLockedOut(request.server.signInFailures, request.ip, email);
  if (seconds === null) return false;
  await reply
    .status(429)
    .header("retry-after", String(seconds))
    .send({ detail: staffLockedOutMessage });
  return true;
}

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

function identify(request: FastifyRequest, staff: StaffIdentity): void {
  request.staff = staff;
}

/** The role of the staff member an admin route was called by (what they may do). */
export function staffRole(request: FastifyRequest): StaffRole {
  if (!request.staff) throw new Error(`${request.routeOptions.url} is not behind requireAdmin`);
  return request.staff.role;
}

/**
 * Who the audit log names for the changes an admin route makes: the staff member it was called
 * by. Passed to the services explicitly; a per-request async context for it put a hook on every
 * promise of every request, the public ones too.
 */
export function staffActor(request: FastifyRequest): string {
  if (!request.staff) throw new Error(`${request.routeOptions.url} is not behind requireAdmin`);
  return request.staff.actor;
}

/**
 * Registers the admin check on every route of the scope it is called in. A caller proves who it
 * is in one of two ways:
 * - the `admin-password` header (scripts and API clients): it must match ADMIN_PASSWORD, else
 *   401 {"detail": "Invalid password"} (also the answer to a request with neither header nor
 *   cookie); the caller acts as the owner. Ten wrong passwords from
 *   one address within 15 minutes answer 429 until the window passes, counted across every
 *   process when REDIS_URL is set (else in this process).
 * - the back office's session cookie (browsers): a live session, else 401. A change made with
 *   the cookie (any method but GET/HEAD/OPTIONS) must come from the store's own pages: a
 *   request from another site answers 403, whatever the SameSite rule already kept out.
 */
export async function requireAdmin(scope: FastifyInstance): Promise<void> {
  documentSecurity(scope, adminSecurity);
  scope.addHook("onRequest", async (request: FastifyRequest, reply) => {
    const header = request.headers["admin-password"];
    const sessionToken = request.cookies[staffCookieName];
    if (header === undefined && sessionToken) {
      const staff = await findStaffBySessionToken(scope.database.db, sessionToken);
      if (!staff) throw unauthorized(staffSessionEndedMessage);
      if (!safeMethods.has(request.method))
        assertSameOrigin(request, scope.config.publicUrl, crossSiteRefusedMessage);
      identify(request, staff);
      return;
    }
    // No password at all is no guess: it is not counted (the back office asks on every load).
    if (header === undefined) throw unauthorized("Invalid password");
    if (await refuseWhileLockedOut(request, reply, null)) return reply;
    const given = Array.isArray(header) ? header[0] : header;
    if (!adminPasswordMatches(given, scope.config.adminPassword)) {
      await countSignInFailure(scope.signInFailures, request.ip, null);
      throw unauthorized("Invalid password");
    }
    identify(request, headerOwner);
  });
}

/**
 * Lets only the roles that may open `area` (see staff.service.ts `areasByRole`; the owner opens
 * every area) call the routes of this scope: anyone else signed in answers 403. Call it after
 * requireAdmin, in the scope of the area's routes.
 */
export function allowArea(scope: FastifyInstance, area: string): void {
  scope.addHook("onRequest", async (request) => {
    if (!request.staff || !roleMayOpen(request.staff.role, area))
      throw forbidden(staffForbiddenMessage);
  });
}
