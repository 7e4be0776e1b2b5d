import { type StaffRole, staffForbiddenMessage } from "@mcf/contracts/staff";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, orderItems, productLots } from "../src/db/schema/index.ts";
import { shippedSettings } from "../src/modules/settings/settings.service.ts";
import { signInByLink } from "./account-factories.ts";
import { type ApiRoute, createTestAppListingRoutes } from "./api-routes.ts";
import { buildPaymentRequest, createOrder, createProduct } from "./factories.ts";
import { measureSlot } from "./install-factories.ts";
import { approvedPartner, registerViaApi, registrationFor } from "./partner-factories.ts";
import { createStaffSession } from "./staff-factories.ts";
import { type TestApp, testAdminPassword } from "./test-app.ts";

/**
 * Every /api route × every kind of caller: who gets in, and what they get. The list of routes
 * comes from the app itself, so a new route without an entry here fails the suite. The back
 * office has a column per staff role, each signed in with its session cookie; `admin` is the
 * admin-password header scripts use, which acts as the owner.
 */

type Caller = "anonymous" | "partner" | "shopper" | "admin" | "wrongAdmin" | StaffRole;
const staffCallers: StaffRole[] = ["owner", "staff", "catalogue"];
const callers: Caller[] = [
  "anonymous",
  "wrongAdmin",
  "partner",
  "shopper",
  "admin",
  ...staffCallers,
];
const isStaffCaller = (caller: Caller): caller is StaffRole =>
  (staffCallers as string[]).includes(caller);

/**
 * public: everyone gets `status`; partner: only a partner does, the rest 401; shopper: only a
 * signed-in shopper (a store account's session cookie) does, the rest 401; admin: the
 * admin-password header and the owner do, and the roles whose part of the back office the route
 * belongs to (`rolesOf` below); other signed-in roles get 403 and everyone else 401.
 */
type Access = "public" | "partner" | "shopper" | "admin";

/**
 * Which roles besides the owner may call each part of the back office, by path: staff run
 * orders (and their returns), samples to send, the inbox (claims too) and installation jobs;
 * catalogue keeps products (their stock counts and reorder report) and coupons; the session routes are everyone's; the rest (dashboard, audit log, outbox, partners,
 * staff accounts) is the owner's.
 */
const rolesByPath: Array<[RegExp, StaffRole[]]> = [
  [/^\/api\/admin\/(ping|session)/, ["staff", "catalogue"]],
  [
    /^\/api\/admin\/(orders|returns|samples-to-send|inquiries|contact-messages|claims|jobs|crews|calendar|reviews|questions|answers)/,
    ["staff"],
  ],
  [/^\/api\/admin\/(products|purchase-orders|coupons|stock)/, ["catalogue"]],
];

function rolesOf(key: string): StaffRole[] {
  const path = key.split(" ")[1] ?? "";
  return ["owner", ...(rolesByPath.find(([pattern]) => pattern.test(path))?.[1] ?? [])];
}

/** Values each caller uses on its own, where a second caller would find the first one's result. */
interface CallerFixtures {
  productToDeleteId: number;
  cancellableJobId: number;
  /** A session of another account of the same role, for sign-out-everywhere. */
  spareSessionCookie: string;
}

interface Fixtures {
  productId: number;
  byCaller: Record<Caller, CallerFixtures>;
  /** A staff account the owner edits. */
  staffAccountId: string;
  /** A session made to be signed out. */
  signOutCookie: string;
  orderId: string;
  /** A box line of an order, and a lot of its product that can give the whole line. */
  lotLine: { orderId: string; itemId: number; lotId: number };
  paidSessionId: string;
  trackingToken: string;
  openSessionToPay: string;
  openSessionToCancel: string;
  partnerToken: string;
  partnerEmail: string;
  partnerPassword: string;
  logoutToken: string;
  pendingPartnerId: string;
  couponId: number;
  /** A purchase order received in full: cancelling or receiving it again is refused (409). */
  receivedPurchaseOrderId: number;
  inquiryId: number;
  contactMessageId: number;
  failedMailId: number;
  postSlug: string;
  areaSlug: string;
  /** A job that can book its measure visit again and again. */
  bookableJobId: number;
  /** A new job: every later step is refused (409), the same for each caller. */
  newJobId: number;
  newJobToken: string;
  crewId: number;
  /** A shopper's session cookie, and one made to be signed out. */
  shopperCookie: string;
  shopperSignOutCookie: string;
  /** The shopper's own rows: one to change, one to remove. */
  shopperAddressId: number;
  shopperAddressToDeleteId: number;
  shopperProjectId: number;
  shopperProjectToDeleteId: number;
  /** A paid order placed with the shopper's email. */
  shopperOrderNumber: string;
}

interface RequestSpec {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

interface MatrixEntry {
  access: Access;
  /** The status the allowed callers get. */
  status: number;
  request: (f: Fixtures, caller: Caller) => RequestSpec;
  /** The API's own description (field names of every schema, no data). */
  describesApi?: boolean;
  /** Sets or clears the back office's session cookie (sign-in, sign-out). */
  setsCookie?: boolean;
}

const get =
  (url: (f: Fixtures) => string) =>
  (f: Fixtures): RequestSpec => ({ url: url(f) });

const publicGet = (status: number, url: (f: Fixtures) => string): MatrixEntry => ({
  access: "public",
  status,
  request: get(url),
});
const matrixAddress = {
  full_name: "Matrix Shopper",
  street: "1 Matrix Way",
  city: "Birmingham",
  state: "AL",
  zip_code: "35203",
};
const matrixProject = {
  name: "Matrix house",
  rooms: [{ name: "Kitchen", area_sqft: 120, waste_percent: 10 }],
};
const matrixBoundary = "matrix-boundary-7f3a";
const renamedTextUpload = [
  `--${matrixBoundary}`,
  'Content-Disposition: form-data; name="images"; filename="photo.jpg"',
  "Content-Type: image/jpeg",
  "",
  "Plain text, not a photo.",
  `--${matrixBoundary}--`,
  "",
].join("\r\n");

const adminGet = (url: (f: Fixtures) => string): MatrixEntry => ({
  access: "admin",
  status: 200,
  request: get(url),
});
const adminCall = (
  status: number,
  url: (f: Fixtures, caller: Caller) => string,
  payload?: (f: Fixtures, caller: Caller) => unknown,
): MatrixEntry => ({
  access: "admin",
  status,
  request: (f, caller) => ({ url: url(f, caller), payload: payload?.(f, caller) }),
});

/** A two-hour visit a week from now. */
/** A measure visit a week ahead, on a day the store is open. */
const matrixVisit = (crewId: number) => measureSlot(crewId, 7);

const productBody = {
  name: "Matrix Oak",
  type: "hardwood",
  our_price: 4.5,
  sqft_per_carton: 20,
  stock_quantity: 10,
};

const matrix: Record<string, MatrixEntry> = {
  // Documentation and health: public.
  "GET /api/docs": publicGet(200, () => "/api/docs"),
  "GET /api/docs/static/index.html": publicGet(302, () => "/api/docs/static/index.html"),
  "GET /api/docs/static/swagger-initializer.js": publicGet(
    200,
    () => "/api/docs/static/swagger-initializer.js",
  ),
  "GET /api/docs/json": { ...publicGet(200, () => "/api/docs/json"), describesApi: true },
  "GET /api/docs/yaml": { ...publicGet(200, () => "/api/docs/yaml"), describesApi: true },
  "GET /api/docs/static/*": publicGet(200, () => "/api/docs/static/index.css"),
  "GET /api/openapi.json": { ...publicGet(200, () => "/api/openapi.json"), describesApi: true },
  "GET /api/health": publicGet(200, () => "/api/health"),
  "GET /api/ready": publicGet(200, () => "/api/ready"),

  // Catalogue and content: public, never partner prices.
  "GET /api/products": publicGet(200, () => "/api/products"),
  "GET /api/products/facets": publicGet(200, () => "/api/products/facets"),
  "GET /api/search/suggest": publicGet(200, () => "/api/search/suggest?q=oak"),
  "GET /api/products/:id": publicGet(200, (f) => `/api/products/${f.productId}`),
  "GET /api/products/:id/companions": publicGet(
    200,
    (f) => `/api/products/${f.productId}/companions`,
  ),
  "GET /api/products/:id/reviews": publicGet(200, (f) => `/api/products/${f.productId}/reviews`),
  "GET /api/products/:id/questions": publicGet(
    200,
    (f) => `/api/products/${f.productId}/questions`,
  ),
  // A rating of 6 is refused whoever sends it: the review routes are open to everyone.
  "POST /api/products/:id/reviews": {
    access: "public",
    status: 422,
    request: (f) => ({
      url: `/api/products/${f.productId}/reviews`,
      payload: { rating: 6, title: "Matrix", body: "Matrix review", name: "Matrix Caller" },
    }),
  },
  "POST /api/products/:id/questions": {
    access: "public",
    status: 422,
    request: (f) => ({ url: `/api/products/${f.productId}/questions`, payload: {} }),
  },
  "POST /api/products/:id/questions/:questionId/answers": {
    access: "public",
    status: 422,
    request: (f) => ({
      url: `/api/products/${f.productId}/questions/999999/answers`,
      payload: {},
    }),
  },
  "GET /api/review-links/:token": publicGet(403, () => "/api/review-links/not-a-real-link"),
  "GET /api/products/:id/backorder": publicGet(
    200,
    (f) => `/api/products/${f.productId}/backorder`,
  ),
  "GET /api/accessories": publicGet(200, () => "/api/accessories"),
  "GET /api/content/posts": publicGet(200, () => "/api/content/posts"),
  "GET /api/content/posts/:slug": publicGet(200, (f) => `/api/content/posts/${f.postSlug}`),
  "GET /api/content/areas/:city": publicGet(200, () => "/api/content/areas/birmingham"),
  "GET /api/content/areas/:city/:slug": publicGet(
    200,
    (f) => `/api/content/areas/birmingham/${f.areaSlug}`,
  ),
  "GET /api/content/gallery": publicGet(200, () => "/api/content/gallery"),
  "GET /api/content/partners": publicGet(200, () => "/api/content/partners"),
  "GET /api/settings/public": publicGet(200, () => "/api/settings/public"),

  // Shopping: public.
  "POST /api/cart/calculate": {
    access: "public",
    status: 200,
    request: (f) => ({
      url: "/api/cart/calculate",
      payload: { cart_items: [{ product_id: f.productId, quantity: 2 }] },
    }),
  },
  "GET /api/coupons/:code": publicGet(200, () => "/api/coupons/MATRIX10?amount=150"),
  "POST /api/payments/process": {
    access: "public",
    status: 200,
    request: (f) => ({
      url: "/api/payments/process",
      payload: buildPaymentRequest([{ product_id: f.productId, quantity: 1 }]),
    }),
  },
  "GET /api/payments/test-sessions/:id": publicGet(
    200,
    (f) => `/api/payments/test-sessions/${f.openSessionToPay}`,
  ),
  "POST /api/payments/test-sessions/:id/pay": {
    access: "public",
    status: 200,
    request: (f) => ({
      url: `/api/payments/test-sessions/${f.openSessionToPay}/pay`,
      payload: { card_number: "4242 4242 4242 4242" },
    }),
  },
  "POST /api/payments/test-sessions/:id/cancel": {
    access: "public",
    status: 200,
    request: (f) => ({ url: `/api/payments/test-sessions/${f.openSessionToCancel}/cancel` }),
  },
  // Without Stripe keys the webhook does not exist for anyone.
  "POST /api/payments/webhook": {
    access: "public",
    status: 404,
    request: () => ({ url: "/api/payments/webhook", payload: { id: "evt_1" } }),
  },
  "GET /api/orders/by-session/:session_id": publicGet(
    200,
    (f) => `/api/orders/by-session/${f.paidSessionId}`,
  ),
  "POST /api/send-order-email": {
    access: "public",
    status: 200,
    request: (f) => ({ url: "/api/send-order-email", payload: { order_id: f.orderId } }),
  },
  "GET /api/track/:token": publicGet(200, (f) => `/api/track/${f.trackingToken}`),
  "POST /api/track/lookup": {
    access: "public",
    status: 404,
    request: () => ({
      url: "/api/track/lookup",
      payload: { order_number: "MCF-NONE22", email: "matrix@example.com" },
    }),
  },
  "GET /api/track/:token/returns": publicGet(200, (f) => `/api/track/${f.trackingToken}/returns`),
  // The matrix's order has not shipped: a return is refused the same for every caller.
  "POST /api/track/:token/returns": {
    access: "public",
    status: 409,
    request: (f) => ({
      url: `/api/track/${f.trackingToken}/returns`,
      payload: { lines: [{ order_item_id: 1, quantity: 1 }], reason: "Matrix", unopened: true },
    }),
  },
  // A claim is a multipart form: a JSON body is refused the same for every caller.
  "POST /api/track/:token/claims": {
    access: "public",
    status: 422,
    request: (f) => ({
      url: `/api/track/${f.trackingToken}/claims`,
      payload: { kind: "shortage", boxes_affected: 1, description: "Matrix claim as JSON" },
    }),
  },
  "GET /api/samples/reorder": publicGet(404, () => "/api/samples/reorder?token=no-such-link"),

  // The customer's installation page: public, behind the job's secret token.
  "GET /api/installation/jobs/:token": publicGet(
    200,
    (f) => `/api/installation/jobs/${f.newJobToken}`,
  ),
  "GET /api/installation/jobs/:token/install.ics": publicGet(
    404,
    (f) => `/api/installation/jobs/${f.newJobToken}/install.ics`,
  ),
  "POST /api/installation/jobs/:token/accept": {
    access: "public",
    status: 409,
    request: (f) => ({
      url: `/api/installation/jobs/${f.newJobToken}/accept`,
      payload: { version: 1, full_name: "Matrix Caller", terms_accepted: true },
    }),
  },
  "POST /api/installation/jobs/:token/decline": {
    access: "public",
    status: 409,
    request: (f) => ({
      url: `/api/installation/jobs/${f.newJobToken}/decline`,
      payload: { version: 1, reason: "Too dear" },
    }),
  },
  "POST /api/installation/jobs/:token/deposit": {
    access: "public",
    status: 409,
    request: (f) => ({ url: `/api/installation/jobs/${f.newJobToken}/deposit` }),
  },
  "POST /api/installation/jobs/:token/balance": {
    access: "public",
    status: 409,
    request: (f) => ({ url: `/api/installation/jobs/${f.newJobToken}/balance` }),
  },
  "POST /api/installation/jobs/:token/date-request": {
    access: "public",
    status: 204,
    request: (f) => ({
      url: `/api/installation/jobs/${f.newJobToken}/date-request`,
      payload: { message: "Another day, please" },
    }),
  },

  // Measure visits booked online: public; the visit link is signed, so a made-up one is refused.
  "GET /api/installation/slots": publicGet(200, () => "/api/installation/slots?zip=35209"),
  "GET /api/installation/served": publicGet(200, () => "/api/installation/served?zip=35209"),
  "POST /api/installation/bookings": {
    access: "public",
    status: 422,
    request: (f) => ({
      url: "/api/installation/bookings",
      payload: {
        name: "Matrix Caller",
        email: "matrix@example.com",
        phone: "205-555-0100",
        address: "1 Sunset Blvd, Beverly Hills, CA 90210",
        flooring_type: ["LVP"],
        slot: { start: matrixVisit(f.crewId).starts_at, crew_id: f.crewId },
      },
    }),
  },
  "POST /api/installation/jobs/:token/measure": {
    access: "public",
    status: 422,
    request: (f) => ({
      url: `/api/installation/jobs/${f.newJobToken}/measure`,
      payload: { slot: { start: "2020-01-06T15:00:00Z", crew_id: f.crewId } },
    }),
  },
  "GET /api/installation/visits/:ref": publicGet(403, () => "/api/installation/visits/1.forged"),
  "POST /api/installation/visits/:ref/reschedule": {
    access: "public",
    status: 403,
    request: (f) => ({
      url: "/api/installation/visits/1.forged/reschedule",
      payload: { slot: { start: matrixVisit(f.crewId).starts_at, crew_id: f.crewId } },
    }),
  },
  "POST /api/installation/visits/:ref/cancel": {
    access: "public",
    status: 403,
    request: () => ({ url: "/api/installation/visits/1.forged/cancel" }),
  },

  // Leads: public.
  "POST /api/project-inquiries": {
    access: "public",
    status: 201,
    request: () => ({
      url: "/api/project-inquiries",
      payload: {
        name: "Matrix Caller",
        email: "matrix@example.com",
        phone: "205-555-0100",
        address: "1 Main St, Birmingham, AL",
      },
    }),
  },
  "POST /api/contact": {
    access: "public",
    status: 201,
    request: () => ({
      url: "/api/contact",
      payload: {
        name: "Matrix Caller",
        email: "matrix@example.com",
        phone: "205-555-0100",
        message: "Hello from the access matrix.",
      },
    }),
  },

  // ACE sign-in flows: public; the session routes need a partner.
  "POST /api/ace/auth/register": {
    access: "public",
    status: 201,
    request: (_f, caller) => ({
      url: "/api/ace/auth/register",
      payload: registrationFor({ email: `matrix-${caller}@hardware.example` }),
    }),
  },
  "POST /api/ace/auth/login": {
    access: "public",
    status: 200,
    request: (f) => ({
      url: "/api/ace/auth/login",
      payload: { email: f.partnerEmail, password: f.partnerPassword },
    }),
  },
  // Logout always succeeds; the partner caller logs out a session of its own made for this.
  "POST /api/ace/auth/logout": {
    access: "public",
    status: 200,
    request: (f, caller) => ({
      url: "/api/ace/auth/logout",
      headers: caller === "partner" ? { authorization: `Bearer ${f.logoutToken}` } : undefined,
    }),
  },
  "POST /api/ace/auth/forgot-password": {
    access: "public",
    status: 200,
    request: (f) => ({ url: "/api/ace/auth/forgot-password", payload: { email: f.partnerEmail } }),
  },
  "POST /api/ace/auth/reset-password": {
    access: "public",
    status: 400,
    request: () => ({
      url: "/api/ace/auth/reset-password",
      payload: { token: "x".repeat(43), new_password: "Birch-plank-2029" },
    }),
  },
  "POST /api/account/sign-in-link": {
    access: "public",
    status: 202,
    request: () => ({ url: "/api/account/sign-in-link", payload: { email: "matrix@example.com" } }),
  },
  // A token no link has: refused the same for everyone.
  "POST /api/account/sign-in": {
    access: "public",
    status: 400,
    request: () => ({ url: "/api/account/sign-in", payload: { token: "x".repeat(43) } }),
  },
  "POST /api/account/sign-in/password": {
    access: "public",
    status: 401,
    request: () => ({
      url: "/api/account/sign-in/password",
      payload: { email: "matrix@example.com", password: "not-the-password" },
    }),
  },
  "DELETE /api/account/session": {
    access: "public",
    status: 204,
    setsCookie: true,
    request: (f) => ({ url: "/api/account/session", headers: { cookie: f.shopperSignOutCookie } }),
  },
  "GET /api/account": { access: "shopper", status: 200, request: get(() => "/api/account") },
  "PUT /api/account/password": {
    access: "shopper",
    status: 200,
    request: () => ({
      url: "/api/account/password",
      payload: { new_password: "Matrix-floor-2031" },
    }),
  },
  "PUT /api/account/email-preferences": {
    access: "shopper",
    status: 200,
    request: () => ({
      url: "/api/account/email-preferences",
      payload: { marketing_emails: true, review_requests: true },
    }),
  },
  "POST /api/account/email-change": {
    access: "shopper",
    status: 202,
    request: () => ({
      url: "/api/account/email-change",
      payload: { new_email: "matrix-new@example.com" },
    }),
  },
  // A token no link has: refused for the signed-in shopper, a 401 for everyone else.
  "POST /api/account/email-change/confirm": {
    access: "shopper",
    status: 400,
    request: () => ({
      url: "/api/account/email-change/confirm",
      payload: { token: "x".repeat(43) },
    }),
  },
  "GET /api/account/orders": {
    access: "shopper",
    status: 200,
    request: get(() => "/api/account/orders"),
  },
  "GET /api/account/orders/:order_number/reorder": {
    access: "shopper",
    status: 200,
    request: get((f) => `/api/account/orders/${f.shopperOrderNumber}/reorder`),
  },
  "GET /api/account/installation-jobs": {
    access: "shopper",
    status: 200,
    request: get(() => "/api/account/installation-jobs"),
  },
  "GET /api/account/addresses": {
    access: "shopper",
    status: 200,
    request: get(() => "/api/account/addresses"),
  },
  "POST /api/account/addresses": {
    access: "shopper",
    status: 201,
    request: () => ({ url: "/api/account/addresses", payload: matrixAddress }),
  },
  "PUT /api/account/addresses/:id": {
    access: "shopper",
    status: 200,
    request: (f) => ({
      url: `/api/account/addresses/${f.shopperAddressId}`,
      payload: matrixAddress,
    }),
  },
  "DELETE /api/account/addresses/:id": {
    access: "shopper",
    status: 204,
    request: (f) => ({ url: `/api/account/addresses/${f.shopperAddressToDeleteId}` }),
  },
  "GET /api/account/projects": {
    access: "shopper",
    status: 200,
    request: get(() => "/api/account/projects"),
  },
  "POST /api/account/projects": {
    access: "shopper",
    status: 201,
    request: () => ({ url: "/api/account/projects", payload: matrixProject }),
  },
  "GET /api/account/projects/:id": {
    access: "shopper",
    status: 200,
    request: get((f) => `/api/account/projects/${f.shopperProjectId}`),
  },
  "PUT /api/account/projects/:id": {
    access: "shopper",
    status: 200,
    request: (f) => ({
      url: `/api/account/projects/${f.shopperProjectId}`,
      payload: matrixProject,
    }),
  },
  "DELETE /api/account/projects/:id": {
    access: "shopper",
    status: 204,
    request: (f) => ({ url: `/api/account/projects/${f.shopperProjectToDeleteId}` }),
  },
  "GET /api/account/saved-products": {
    access: "shopper",
    status: 200,
    request: get(() => "/api/account/saved-products"),
  },
  "PUT /api/account/saved-products/:product_id": {
    access: "shopper",
    status: 204,
    request: (f) => ({ url: `/api/account/saved-products/${f.productId}` }),
  },
  "DELETE /api/account/saved-products/:product_id": {
    access: "shopper",
    status: 204,
    request: (f) => ({ url: `/api/account/saved-products/${f.productId}` }),
  },
  "GET /api/ace/me": { access: "partner", status: 200, request: get(() => "/api/ace/me") },
  "GET /api/ace/orders": { access: "partner", status: 200, request: get(() => "/api/ace/orders") },
  "PUT /api/ace/account": {
    access: "partner",
    status: 200,
    request: () => ({
      url: "/api/ace/account",
      payload: { company: "Matrix Hardware", contact_name: "Pat Matrix" },
    }),
  },
  "GET /api/ace/products": {
    access: "partner",
    status: 200,
    request: get(() => "/api/ace/products"),
  },
  "GET /api/ace/products/facets": {
    access: "partner",
    status: 200,
    request: get(() => "/api/ace/products/facets"),
  },
  "GET /api/ace/products/:id": {
    access: "partner",
    status: 200,
    request: get((f) => `/api/ace/products/${f.productId}`),
  },
  "GET /api/ace/products/:id/companions": {
    access: "partner",
    status: 200,
    request: get((f) => `/api/ace/products/${f.productId}/companions`),
  },
  "GET /api/ace/accessories": {
    access: "partner",
    status: 200,
    request: get(() => "/api/ace/accessories"),
  },

  // Back office: the admin password only.
  "GET /api/admin/ping": adminGet(() => "/api/admin/ping"),
  "GET /api/admin/audit": adminGet(() => "/api/admin/audit"),
  "GET /api/admin/orders": adminGet(() => "/api/admin/orders"),
  "GET /api/admin/orders/:id": adminGet((f) => `/api/admin/orders/${f.orderId}`),
  "PATCH /api/admin/orders/:id/status": adminCall(
    200,
    (f) => `/api/admin/orders/${f.orderId}/status`,
    () => ({ status: "processing" }),
  ),
  // A shipment of no lines is refused (422), the same for each caller.
  "POST /api/admin/orders/:id/shipments": adminCall(
    422,
    (f) => `/api/admin/orders/${f.orderId}/shipments`,
    () => ({ lines: [], carrier: "UPS", tracking_number: "1Z999" }),
  ),
  // The fixture order ships: pickup steps are refused (409) for each caller.
  "POST /api/admin/orders/:id/pickup/ready": adminCall(
    409,
    (f) => `/api/admin/orders/${f.orderId}/pickup/ready`,
  ),
  "POST /api/admin/orders/:id/pickup/picked-up": adminCall(
    409,
    (f) => `/api/admin/orders/${f.orderId}/pickup/picked-up`,
    () => ({ picked_up_by: "Pat Matrix" }),
  ),
  // A preview: every allowed caller is told the same refund and nothing changes.
  "POST /api/admin/orders/:id/cancel-lines": adminCall(
    200,
    (f) => `/api/admin/orders/${f.lotLine.orderId}/cancel-lines`,
    (f) => ({
      lines: [{ order_item_id: f.lotLine.itemId, boxes: 1 }],
      reason: "Matrix",
      preview: true,
    }),
  ),
  "GET /api/admin/orders/refund-allowance": adminGet(() => "/api/admin/orders/refund-allowance"),
  "POST /api/admin/orders/:id/shipping": adminCall(
    200,
    (f) => `/api/admin/orders/${f.orderId}/shipping`,
    () => ({ tracking_number: "1Z999", shipping_notes: "Matrix" }),
  ),
  "GET /api/admin/orders/:id/items/:itemId/lots": adminGet(
    (f) => `/api/admin/orders/${f.lotLine.orderId}/items/${f.lotLine.itemId}/lots`,
  ),
  // Every allowed caller asks for the same lot: the first moves the line, the rest change nothing.
  "PUT /api/admin/orders/:id/items/:itemId/lot": adminCall(
    200,
    (f) => `/api/admin/orders/${f.lotLine.orderId}/items/${f.lotLine.itemId}/lot`,
    (f) => ({ lot_id: f.lotLine.lotId }),
  ),
  "POST /api/admin/orders/:id/resend-confirmation": adminCall(
    200,
    (f) => `/api/admin/orders/${f.orderId}/resend-confirmation`,
  ),
  "POST /api/admin/orders/:id/send-shipped-email": adminCall(
    200,
    (f) => `/api/admin/orders/${f.orderId}/send-shipped-email`,
  ),
  "GET /api/admin/products": adminGet(() => "/api/admin/products"),
  "GET /api/admin/products/export.csv": adminGet(() => "/api/admin/products/export.csv"),
  "POST /api/admin/products/import": adminCall(
    200,
    () => "/api/admin/products/import",
    () => ({ csv: "name,type\nImported Matrix Oak,hardwood\n", dry_run: true }),
  ),
  "GET /api/admin/products/:id": adminGet((f) => `/api/admin/products/${f.productId}`),
  "GET /api/admin/products/:id/lots": adminGet((f) => `/api/admin/products/${f.productId}/lots`),
  "GET /api/admin/products/:id/ledger": adminGet(
    (f) => `/api/admin/products/${f.productId}/ledger`,
  ),
  "POST /api/admin/products/:id/damaged": adminCall(
    200,
    (f) => `/api/admin/products/${f.productId}/damaged`,
    () => ({ boxes: 1 }),
  ),
  "GET /api/admin/products/:id/ledger.csv": adminGet(
    (f) => `/api/admin/products/${f.productId}/ledger.csv`,
  ),
  "POST /api/admin/stock/counts": adminCall(
    200,
    () => "/api/admin/stock/counts",
    (f) => ({ counts: [{ product_id: f.productId, on_hand: 500 }], note: "Matrix count" }),
  ),
  "GET /api/admin/stock/reorder": adminGet(() => "/api/admin/stock/reorder"),
  "GET /api/admin/stock/reorder.csv": adminGet(() => "/api/admin/stock/reorder.csv"),
  "PUT /api/admin/products/:id/lots": adminCall(
    200,
    (f) => `/api/admin/products/${f.productId}/lots`,
    () => ({ lots: [{ lot_code: "MATRIX-1", boxes: 1 }] }),
  ),
  "POST /api/admin/products": adminCall(
    201,
    () => "/api/admin/products",
    () => productBody,
  ),
  "PATCH /api/admin/products/:id": adminCall(
    200,
    (f) => `/api/admin/products/${f.productId}`,
    () => ({ stock_quantity: 500 }),
  ),
  "PUT /api/admin/products/:id": adminCall(
    200,
    (f, caller) => `/api/admin/products/${f.byCaller[caller].productToDeleteId}`,
    () => productBody,
  ),
  "DELETE /api/admin/products/:id": adminCall(
    204,
    (f, caller) => `/api/admin/products/${f.byCaller[caller].productToDeleteId}`,
  ),
  // A text file named like a photo: refused (422, nothing kept) for whoever may upload.
  "POST /api/admin/products/:id/images": {
    access: "admin",
    status: 422,
    request: (f) => ({
      url: `/api/admin/products/${f.productId}/images`,
      headers: { "content-type": `multipart/form-data; boundary=${matrixBoundary}` },
      payload: renamedTextUpload,
    }),
  },
  "PUT /api/admin/products/:id/images/order": adminCall(
    200,
    (f) => `/api/admin/products/${f.productId}/images/order`,
    () => ({ image_ids: [] }),
  ),
  "DELETE /api/admin/products/:id/images/:imageId": adminCall(
    404,
    (f) => `/api/admin/products/${f.productId}/images/${"0".repeat(32)}`,
  ),
  "GET /api/admin/purchase-orders": adminGet(() => "/api/admin/purchase-orders"),
  "POST /api/admin/purchase-orders": adminCall(
    201,
    () => "/api/admin/purchase-orders",
    (f) => ({
      vendor: "Matrix Mills",
      lines: [{ product_id: f.productId, boxes_ordered: 2, cost_per_box: 10 }],
    }),
  ),
  "GET /api/admin/purchase-orders/:id": adminGet(
    (f) => `/api/admin/purchase-orders/${f.receivedPurchaseOrderId}`,
  ),
  "POST /api/admin/purchase-orders/:id/cancel": adminCall(
    409,
    (f) => `/api/admin/purchase-orders/${f.receivedPurchaseOrderId}/cancel`,
  ),
  "POST /api/admin/purchase-orders/:id/receipts": adminCall(
    409,
    (f) => `/api/admin/purchase-orders/${f.receivedPurchaseOrderId}/receipts`,
    () => ({ lines: [{ line_id: 1, boxes: 1 }] }),
  ),
  "GET /api/admin/coupons": adminGet(() => "/api/admin/coupons"),
  "POST /api/admin/coupons": adminCall(
    201,
    () => "/api/admin/coupons",
    (_f, caller) => ({ code: `MATRIXNEW${caller.toUpperCase()}`, kind: "fixed", value: 5 }),
  ),
  "PATCH /api/admin/coupons/:id": adminCall(
    200,
    (f) => `/api/admin/coupons/${f.couponId}`,
    () => ({ active: true }),
  ),
  "GET /api/admin/reviews": adminGet(() => "/api/admin/reviews"),
  "GET /api/admin/questions": adminGet(() => "/api/admin/questions"),
  "POST /api/admin/reviews/:id/moderation": adminCall(
    404,
    () => "/api/admin/reviews/999999/moderation",
    () => ({ action: "approve" }),
  ),
  "POST /api/admin/questions/:id/moderation": adminCall(
    404,
    () => "/api/admin/questions/999999/moderation",
    () => ({ action: "approve" }),
  ),
  "POST /api/admin/answers/:id/moderation": adminCall(
    404,
    () => "/api/admin/answers/999999/moderation",
    () => ({ action: "approve" }),
  ),
  // The matrix's order is not delivered yet: every caller let in gets the same 422.
  "POST /api/admin/orders/:id/review-requests": adminCall(
    422,
    (f) => `/api/admin/orders/${f.orderId}/review-requests`,
  ),
  "GET /api/admin/inquiries": adminGet(() => "/api/admin/inquiries"),
  "GET /api/admin/dashboard": adminGet(() => "/api/admin/dashboard"),
  // The store settings are the owner's alone: staff and catalogue can neither read nor save them.
  "GET /api/admin/settings": adminGet(() => "/api/admin/settings"),
  "PUT /api/admin/settings": adminCall(
    200,
    () => "/api/admin/settings",
    () =>
      shippedSettings({
        samples: { pricePerSampleCents: 200, parcelRateCents: 495, followUpDays: 5 },
        restockingFeePercent: 15,
        installDepositPercent: 30,
        staffEmail: "alerts@magiccityfloors.com",
        partners: [],
      }),
  ),
  // Who may refund is the owner's setting, like the rest of Settings.
  "GET /api/admin/settings/refunds": adminGet(() => "/api/admin/settings/refunds"),
  "PUT /api/admin/settings/refunds": adminCall(
    200,
    () => "/api/admin/settings/refunds",
    () => ({ roles: [{ role: "staff", may_refund: true, max_refund: null }] }),
  ),
  "GET /api/admin/reports/reconciliation": adminGet(() => "/api/admin/reports/reconciliation"),
  "GET /api/admin/reports/reconciliation.csv": adminGet(
    () => "/api/admin/reports/reconciliation.csv?date=2026-01-01",
  ),
  "GET /api/admin/exports/orders.csv": adminGet(
    () => "/api/admin/exports/orders.csv?from=2026-01-01&to=2026-01-31",
  ),
  "GET /api/admin/exports/customers.csv": adminGet(
    () => "/api/admin/exports/customers.csv?from=2026-01-01&to=2026-01-31",
  ),
  "GET /api/admin/jobs": adminGet(() => "/api/admin/jobs"),
  "POST /api/admin/jobs": adminCall(
    201,
    () => "/api/admin/jobs",
    () => ({
      customer_name: "Matrix Caller",
      customer_email: "matrix@example.com",
      customer_phone: "205-555-0100",
      address: "1 Main St, Birmingham, AL",
      flooring_type: "laminate",
    }),
  ),
  "GET /api/admin/jobs/:id": adminGet((f) => `/api/admin/jobs/${f.newJobId}`),
  "GET /api/admin/jobs/:id/cancellation": adminGet(
    (f) => `/api/admin/jobs/${f.newJobId}/cancellation`,
  ),
  "POST /api/admin/jobs/:id/measure": adminCall(
    200,
    (f) => `/api/admin/jobs/${f.bookableJobId}/measure`,
    (f) => matrixVisit(f.crewId),
  ),
  "PUT /api/admin/jobs/:id/estimate": adminCall(
    409,
    (f) => `/api/admin/jobs/${f.newJobId}/estimate`,
    () => ({ lines: [{ kind: "labour", description: "Install", quantity: 10, unit_price: 2 }] }),
  ),
  "POST /api/admin/jobs/:id/materials-ready": adminCall(
    409,
    (f) => `/api/admin/jobs/${f.newJobId}/materials-ready`,
    () => ({}),
  ),
  "POST /api/admin/jobs/:id/install": adminCall(
    409,
    (f) => `/api/admin/jobs/${f.newJobId}/install`,
    (f) => matrixVisit(f.crewId),
  ),
  "POST /api/admin/jobs/:id/complete": adminCall(
    409,
    (f) => `/api/admin/jobs/${f.newJobId}/complete`,
  ),
  "POST /api/admin/jobs/:id/cancel": adminCall(
    200,
    (f, caller) => `/api/admin/jobs/${f.byCaller[caller].cancellableJobId}/cancel`,
  ),
  "GET /api/admin/crews": adminGet(() => "/api/admin/crews"),
  "POST /api/admin/crews": adminCall(
    201,
    () => "/api/admin/crews",
    (_f, caller) => ({ name: `Matrix Crew ${caller}` }),
  ),
  "GET /api/admin/calendar": adminGet(() => "/api/admin/calendar"),
  "PUT /api/admin/crews/:id/hours": adminCall(
    200,
    (f) => `/api/admin/crews/${f.crewId}/hours`,
    () => ({ work_start: "08:00", work_end: "17:00", work_days: [1, 2, 3, 4, 5] }),
  ),
  "GET /api/admin/crews/:id/time-off": adminGet((f) => `/api/admin/crews/${f.crewId}/time-off`),
  "POST /api/admin/crews/:id/time-off": adminCall(
    201,
    (f) => `/api/admin/crews/${f.crewId}/time-off`,
    () => ({ date: "2030-01-02", reason: "Matrix day off" }),
  ),
  "DELETE /api/admin/crews/:id/time-off/:offId": adminCall(
    404,
    (f) => `/api/admin/crews/${f.crewId}/time-off/999999`,
  ),
  "PATCH /api/admin/inquiries/:id": adminCall(
    200,
    (f) => `/api/admin/inquiries/${f.inquiryId}`,
    () => ({ status: "contacted" }),
  ),
  "GET /api/admin/contact-messages": adminGet(() => "/api/admin/contact-messages"),
  "PATCH /api/admin/contact-messages/:id": adminCall(
    200,
    (f) => `/api/admin/contact-messages/${f.contactMessageId}`,
    () => ({ staff_note: "Called back" }),
  ),
  "GET /api/admin/claims": adminGet(() => "/api/admin/claims"),
  "GET /api/admin/orders/:id/returns": adminGet((f) => `/api/admin/orders/${f.orderId}/returns`),
  "POST /api/admin/returns/:id/approve": adminCall(
    404,
    () => "/api/admin/returns/2147483647/approve",
    () => ({ instructions: "Drop the boxes at the warehouse." }),
  ),
  "POST /api/admin/returns/:id/receive": adminCall(
    404,
    () => "/api/admin/returns/2147483647/receive",
    () => ({ lines: [{ order_item_id: 1, restocked: 1, written_off: 0 }] }),
  ),
  "POST /api/admin/returns/:id/refund": adminCall(
    404,
    () => "/api/admin/returns/2147483647/refund",
  ),
  "POST /api/admin/returns/:id/decline": adminCall(
    404,
    () => "/api/admin/returns/2147483647/decline",
  ),
  "PATCH /api/admin/claims/:id": adminCall(
    404,
    () => "/api/admin/claims/2147483647",
    () => ({ status: "closed" }),
  ),
  "GET /api/admin/claims/:id/photos/:index": adminCall(
    404,
    () => "/api/admin/claims/2147483647/photos/0",
  ),
  "GET /api/admin/outbox": adminGet(() => "/api/admin/outbox"),
  "GET /api/admin/outbox/:id": adminGet((f) => `/api/admin/outbox/${f.failedMailId}`),
  "GET /api/admin/samples-to-send": adminGet(() => "/api/admin/samples-to-send"),
  // The fixture order holds boxes only: no samples to tick off.
  "POST /api/admin/orders/:id/samples-sent": adminCall(
    404,
    (f) => `/api/admin/orders/${f.orderId}/samples-sent`,
  ),
  "POST /api/admin/orders/:id/sample-follow-up": adminCall(
    422,
    (f) => `/api/admin/orders/${f.orderId}/sample-follow-up`,
  ),
  "POST /api/admin/outbox/:id/retry": adminCall(
    200,
    (f) => `/api/admin/outbox/${f.failedMailId}/retry`,
  ),
  "GET /api/admin/partners": adminGet(() => "/api/admin/partners"),
  "POST /api/admin/partners/:id/approve": adminCall(
    200,
    (f) => `/api/admin/partners/${f.pendingPartnerId}/approve`,
  ),
  "POST /api/admin/partners/:id/disable": adminCall(
    200,
    (f) => `/api/admin/partners/${f.pendingPartnerId}/disable`,
  ),

  // Back-office sessions: signing in, out and resetting a password are open to everyone.
  "POST /api/admin/session": {
    access: "public",
    status: 200,
    setsCookie: true,
    request: () => ({ url: "/api/admin/session", payload: { password: testAdminPassword } }),
  },
  "DELETE /api/admin/session": {
    access: "public",
    status: 204,
    setsCookie: true,
    request: (f) => ({ url: "/api/admin/session", headers: { cookie: f.signOutCookie } }),
  },
  "POST /api/admin/session/forgot-password": {
    access: "public",
    status: 200,
    request: () => ({
      url: "/api/admin/session/forgot-password",
      payload: { email: "nobody@magiccityfloors.example" },
    }),
  },
  "POST /api/admin/session/reset-password": {
    access: "public",
    status: 400,
    request: () => ({
      url: "/api/admin/session/reset-password",
      payload: { token: "x".repeat(43), new_password: "Birch-plank-2029" },
    }),
  },
  "GET /api/admin/session": adminGet(() => "/api/admin/session"),
  // Each caller signs out everywhere a spare account of its own role (its own session lives on).
  "POST /api/admin/session/sign-out-everywhere": {
    access: "admin",
    status: 204,
    setsCookie: true,
    request: (f, caller) => ({
      url: "/api/admin/session/sign-out-everywhere",
      headers: isStaffCaller(caller)
        ? { cookie: f.byCaller[caller].spareSessionCookie }
        : ({} as Record<string, string>),
    }),
  },
  "GET /api/admin/staff": adminGet(() => "/api/admin/staff"),
  "POST /api/admin/staff": adminCall(
    201,
    () => "/api/admin/staff",
    (_f, caller) => ({
      name: "Matrix Hire",
      email: `matrix-hire-${caller}@magiccityfloors.example`,
      role: "staff",
      password: "Walnut-stair-2031",
    }),
  ),
  "PATCH /api/admin/staff/:id": adminCall(
    200,
    (f) => `/api/admin/staff/${f.staffAccountId}`,
    () => ({ role: "catalogue" }),
  ),
};

// Unknown API paths: JSON 404 for everyone, whatever the method.
for (const method of ["GET", "TRACE", "DELETE", "OPTIONS", "PATCH", "PUT", "POST"]) {
  matrix[`${method} /api/*`] = { access: "public", status: 404, request: get(() => "/api/nope") };
}
// QUERY carries its question in a body; without one it is a malformed request.
matrix["QUERY /api/*"] = { access: "public", status: 400, request: get(() => "/api/nope") };

let addressCounter = 0;
/** Each request from its own address, so rate limits and the admin lockout stay out of the way. */
function nextAddress(): string {
  addressCounter += 1;
  return `10.77.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
}

function callerHeaders(
  caller: Caller,
  f: Fixtures,
  sessions: Record<StaffRole, string>,
): Record<string, string> {
  if (isStaffCaller(caller)) return { cookie: sessions[caller] };
  if (caller === "partner") return { authorization: `Bearer ${f.partnerToken}` };
  if (caller === "shopper") return { cookie: f.shopperCookie };
  if (caller === "admin") return { "admin-password": testAdminPassword };
  if (caller === "wrongAdmin") return { "admin-password": "not-the-admin-password" };
  return {};
}

describe("access matrix: every /api route × anonymous, partner, shopper, admin header, wrong admin password, owner, staff, catalogue", () => {
  let t: TestApp;
  let routes: ApiRoute[];
  let f: Fixtures;
  let sessions: Record<StaffRole, string>;

  beforeAll(async () => {
    ({ t, routes } = await createTestAppListingRoutes());
    const db = t.database.db;
    const product = await createProduct(db, {
      stock_quantity: 1000,
      ace_price: 2.11,
      ace_shown_price: 2.22,
    });
    const order = await createOrder(db, { lines: [{ product, quantity: 2 }] });
    const lotted = await createProduct(db, { stock_quantity: 50 });
    const lotOrder = await createOrder(db, { lines: [{ product: lotted, quantity: 2 }] });
    const [lot] = await db
      .insert(productLots)
      .values({ product_id: lotted.id, lot_code: "MATRIX-LOT", boxes: 10 })
      .returning();
    const [lotItem] = await db
      .select()
      .from(orderItems)
      .where(eq(orderItems.order_id, lotOrder.id));

    const openSession = async () => {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/payments/process",
        payload: buildPaymentRequest([{ product_id: product.id, quantity: 1 }]),
        remoteAddress: nextAddress(),
      });
      if (res.statusCode !== 200) throw new Error(`checkout failed: ${res.body}`);
      return String(res.json().id);
    };

    const partner = await approvedPartner(t.app);
    const logoutSession = await t.app.inject({
      method: "POST",
      url: "/api/ace/auth/login",
      payload: { email: partner.payload.email, password: partner.payload.password },
      remoteAddress: nextAddress(),
    });
    const pending = await registerViaApi(t.app);

    const coupon = await db.execute(sql`
      insert into coupons (code, kind, percent_off, min_subtotal_cents) values ('MATRIX10', 'percent', 10, 0)
      returning id`);
    const inquiry = await t.app.inject({
      method: "POST",
      url: "/api/project-inquiries",
      payload: {
        name: "Seed Caller",
        email: "seed@example.com",
        phone: "205-555-0100",
        address: "1 Main St",
      },
      remoteAddress: nextAddress(),
    });
    expect(inquiry.statusCode).toBe(201);
    const contact = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      payload: {
        name: "Seed Caller",
        email: "seed@example.com",
        phone: "205-555-0100",
        message: "Seed message",
      },
      remoteAddress: nextAddress(),
    });
    expect(contact.statusCode).toBe(201);
    const [failedMail] = await db
      .insert(mailOutbox)
      .values({
        kind: "staff-contact",
        to_address: "staff@example.com",
        subject: "Failed once",
        text: "Body",
        html: "<p>Body</p>",
        status: "failed",
      })
      .returning({ id: mailOutbox.id });
    const ids = await db.execute(sql`
      select (select max(id) from project_inquiries) as inquiry_id,
             (select max(id) from contact_messages) as contact_id`);
    const idRow = ids.rows[0] as { inquiry_id: number | string; contact_id: number | string };

    const posts = (await t.app.inject("/api/content/posts")).json().posts as Array<{
      slug: string;
    }>;
    const areas = (await t.app.inject("/api/content/areas/birmingham")).json() as {
      areas?: Array<{ slug: string }>;
      categories?: Array<{ areas: Array<{ slug: string }> }>;
    };
    const areaSlug =
      areas.areas?.[0]?.slug ?? areas.categories?.[0]?.areas[0]?.slug ?? "homewood-flooring";

    const asAdmin = { "admin-password": testAdminPassword };
    const newJob = async () => {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/admin/jobs",
        headers: asAdmin,
        payload: {
          customer_name: "Seed Caller",
          customer_email: "seed@example.com",
          customer_phone: "205-555-0100",
          address: "1 Main St, Birmingham, AL",
          flooring_type: "vinyl",
        },
      });
      if (res.statusCode !== 201) throw new Error(`job failed: ${res.body}`);
      return res.json().job as { id: number; token: string };
    };
    const crew = await t.app.inject({
      method: "POST",
      url: "/api/admin/crews",
      headers: asAdmin,
      payload: { name: "Matrix Crew" },
    });
    const purchaseOrder = await t.app.inject({
      method: "POST",
      url: "/api/admin/purchase-orders",
      headers: asAdmin,
      payload: {
        vendor: "Matrix Mills",
        lines: [{ product_id: product.id, boxes_ordered: 1, cost_per_box: 10 }],
      },
    });
    const received = await t.app.inject({
      method: "POST",
      url: `/api/admin/purchase-orders/${purchaseOrder.json().id}/receipts`,
      headers: asAdmin,
      payload: { lines: [{ line_id: purchaseOrder.json().lines[0].id, boxes: 1 }] },
    });
    if (received.statusCode !== 200) throw new Error(`receipt failed: ${received.body}`);
    const bookable = await newJob();
    const fresh = await newJob();
    const byCaller = {} as Record<Caller, CallerFixtures>;
    sessions = {} as Record<StaffRole, string>;
    for (const caller of callers) {
      const role: StaffRole = isStaffCaller(caller) ? caller : "owner";
      byCaller[caller] = {
        productToDeleteId: (await createProduct(db)).id,
        cancellableJobId: (await newJob()).id,
        spareSessionCookie: (await createStaffSession(t.app, { role })).cookie,
      };
      if (isStaffCaller(caller))
        sessions[caller] = (await createStaffSession(t.app, { role })).cookie;
    }
    const editedStaff = await createStaffSession(t.app, { role: "staff" });
    const shopperEmail = "matrix.shopper@example.com";
    const shopperOrder = await createOrder(db, {
      customer_email: shopperEmail,
      lines: [{ product, quantity: 1 }],
    });
    const shopperCookie = await signInByLink(t, shopperEmail);
    const asShopper = async (url: string, payload: object) => {
      const res = await t.app.inject({
        method: "POST",
        url,
        payload,
        headers: { cookie: shopperCookie },
      });
      if (res.statusCode !== 201) throw new Error(`${url} failed: ${res.body}`);
      return Number(res.json().id);
    };

    f = {
      bookableJobId: bookable.id,
      newJobId: fresh.id,
      newJobToken: fresh.token,
      byCaller,
      staffAccountId: editedStaff.account.id,
      signOutCookie: (await createStaffSession(t.app, { role: "staff" })).cookie,
      crewId: Number(crew.json().id),
      productId: product.id,
      orderId: order.id,
      lotLine: { orderId: lotOrder.id, itemId: Number(lotItem?.id), lotId: Number(lot?.id) },
      paidSessionId: String(order.payment_session_id),
      trackingToken: order.tracking_token,
      openSessionToPay: await openSession(),
      openSessionToCancel: await openSession(),
      partnerToken: partner.token,
      partnerEmail: partner.payload.email,
      partnerPassword: partner.payload.password,
      logoutToken: String(logoutSession.headers["x-ace-token"]),
      pendingPartnerId: pending.user.id,
      couponId: Number((coupon.rows[0] as { id: number | string }).id),
      receivedPurchaseOrderId: Number(purchaseOrder.json().id),
      inquiryId: Number(idRow.inquiry_id),
      contactMessageId: Number(idRow.contact_id),
      failedMailId: Number(failedMail?.id),
      postSlug: posts[0]?.slug ?? "missing",
      areaSlug,
      shopperCookie,
      shopperSignOutCookie: await signInByLink(t, shopperEmail),
      shopperAddressId: await asShopper("/api/account/addresses", matrixAddress),
      shopperAddressToDeleteId: await asShopper("/api/account/addresses", matrixAddress),
      shopperProjectId: await asShopper("/api/account/projects", matrixProject),
      shopperProjectToDeleteId: await asShopper("/api/account/projects", matrixProject),
      shopperOrderNumber: shopperOrder.friendly_order_id,
    };
  });
  afterAll(() => t.close());

  it("has an entry for every /api route the app registers, and none for a route that is gone", () => {
    const registered = routes.map((route) => route.key).sort();
    const listed = Object.keys(matrix).sort();
    expect(registered.filter((key) => !listed.includes(key))).toEqual([]);
    expect(listed.filter((key) => !registered.includes(key))).toEqual([]);
  });

  for (const [key, entry] of Object.entries(matrix)) {
    const method = key.split(" ")[0] as "GET";
    const who =
      entry.access === "admin"
        ? `the admin header and ${rolesOf(key).join(", ")}`
        : entry.access === "public"
          ? "everyone"
          : `only the ${entry.access}`;
    it(`${key}: ${who} get ${entry.status}`, async () => {
      for (const caller of callers) {
        const spec = entry.request(f, caller);
        const res = await t.app.inject({
          method,
          url: spec.url,
          headers: { ...callerHeaders(caller, f, sessions), ...spec.headers },
          ...(spec.payload === undefined ? {} : { payload: spec.payload as object }),
          remoteAddress: nextAddress(),
        });
        const inBackOffice = caller === "admin" || isStaffCaller(caller);
        const allowed =
          entry.access === "public" ||
          entry.access === caller ||
          (entry.access === "admin" &&
            (caller === "admin" || (isStaffCaller(caller) && rolesOf(key).includes(caller))));
        const where = `${key} as ${caller}: ${res.statusCode} ${res.body.slice(0, 200)}`;
        if (allowed) {
          expect(res.statusCode, where).toBe(entry.status);
        } else if (entry.access === "admin" && isStaffCaller(caller)) {
          expect(res.statusCode, where).toBe(403);
          expect(res.json(), where).toEqual({ detail: staffForbiddenMessage });
        } else {
          expect(res.statusCode, where).toBe(401);
          expect(typeof res.json().detail, where).toBe("string");
          if (entry.access === "admin")
            expect(res.json(), where).toEqual({ detail: "Invalid password" });
        }
        // Partner prices: the internal one only ever reaches the back office; the shown one
        // only a signed-in partner (or the back office).
        // No cookie but the back office's own session (set only by signing in and out), and no
        // server version, whoever calls.
        if (!entry.setsCookie) expect(res.headers["set-cookie"], where).toBeUndefined();
        expect(res.headers.server, where).toBeUndefined();
        expect(res.headers["x-powered-by"], where).toBeUndefined();
        if (entry.describesApi) continue;
        if (!inBackOffice || entry.access !== "admin") {
          expect(res.body, where).not.toContain("ace_price");
        }
        if (caller !== "partner" && entry.access !== "admin") {
          expect(res.body, where).not.toContain("ace_shown_price");
        }
      }
    });
  }
});
