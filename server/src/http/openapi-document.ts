import type { FastifyInstance } from "fastify";

/** The two ways a caller proves who it is, as the API description declares them. */
export const openApiSecuritySchemes = {
  adminPassword: {
    type: "apiKey",
    in: "header",
    name: "admin-password",
    description: "The back-office password (ADMIN_PASSWORD).",
  },
  staffSession: {
    type: "apiKey",
    in: "cookie",
    name: "mcf_staff_session",
    description:
      "A back-office browser session, from POST /api/admin/session (HttpOnly, SameSite=Strict).",
  },
  shopperSession: {
    type: "apiKey",
    in: "cookie",
    name: "mcf_shopper_session",
    description:
      "A shopper's browser session, from POST /api/account/sign-in (HttpOnly, SameSite=Lax).",
  },
  partnerToken: {
    type: "http",
    scheme: "bearer",
    description: "An approved ACE partner's session token, from POST /api/ace/auth/login.",
  },
} as const;

type SecurityRequirements = Array<Record<string, string[]>>;

/** A route only staff may call: scripts send the header, the back office its session cookie. */
export const adminSecurity: SecurityRequirements = [{ adminPassword: [] }, { staffSession: [] }];
/** A route only a signed-in partner may call. */
export const partnerSecurity: SecurityRequirements = [{ partnerToken: [] }];
/** A route only a signed-in shopper (a store account, not a partner) may call. */
export const shopperSecurity: SecurityRequirements = [{ shopperSession: [] }];
/** A public route that a signed-in partner may also call, with a partner's prices. */
export const optionalPartnerSecurity: SecurityRequirements = [{}, { partnerToken: [] }];

/**
 * Marks every route registered after this call in `scope` (and its children) with `security` in
 * the API description, so it says what the scope's auth hook enforces.
 */
export function documentSecurity(scope: FastifyInstance, security: SecurityRequirements): void {
  scope.addHook("onRoute", (route) => {
    if (route.schema && !route.schema.hide) route.schema = { ...route.schema, security };
  });
}

type JsonNode = unknown;

/**
 * OpenAPI 3.0 wants a `type` beside every `nullable`, but a nullable union (zod's
 * `a.or(b).nullable()`) comes out as `{nullable: true, anyOf: [a, b]}`. This moves `nullable`
 * into each branch, which accepts the same values, throughout the document.
 */
export function typeNullableUnions<T>(document: T): T {
  const visit = (node: JsonNode): JsonNode => {
    if (Array.isArray(node)) return node.map(visit);
    if (node === null || typeof node !== "object") return node;
    const entries = Object.entries(node).map(([key, value]) => [key, visit(value)] as const);
    const object: Record<string, JsonNode> = Object.fromEntries(entries);
    const branches = object.anyOf ?? object.oneOf;
    if (object.nullable === true && object.type === undefined && Array.isArray(branches)) {
      const key = object.anyOf ? "anyOf" : "oneOf";
      const { nullable: _nullable, ...rest } = object;
      return {
        ...rest,
        [key]: branches.map((branch) =>
          branch && typeof branch === "object" ? { ...branch, nullable: true } : branch,
        ),
      };
    }
    return object;
  };
  return visit(document) as T;
}
