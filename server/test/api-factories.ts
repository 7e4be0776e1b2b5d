import type { CouponCreate } from "@mcf/contracts/admin";
import type { ProjectInquiryRequest } from "@mcf/contracts/leads";
import type { PartnerRegistration } from "@mcf/contracts/partners";

/**
 * Request bodies for records a test creates through the HTTP API rather than the database (the
 * e2e specs, whose store keeps its own database). Products and payments come from `buildProduct`
 * and `buildPaymentRequest` in factories.ts; these are their friends for the other records.
 * Every value that must be unique takes a random part, so parallel processes never collide.
 */

let sequence = 0;
const randomPart = () => Math.random().toString(36).slice(2, 8);

/** The password every factory-made partner account signs in with. */
export const partnerPassword = "Cedar-plank-2026";

/** A coupon for POST /api/admin/coupons: 10% off, no minimum, active; override any field. */
export function buildCoupon(overrides: Partial<CouponCreate> = {}): CouponCreate {
  sequence += 1;
  return {
    code: `TEST${sequence}${randomPart()}`.toUpperCase(),
    kind: "percent",
    value: 10,
    min_subtotal: 0,
    active: true,
    ...overrides,
  };
}

/** A partner sign-up for POST /api/ace/auth/register with a fresh email; override any field. */
export function buildPartnerRegistration(
  overrides: Partial<PartnerRegistration> = {},
): PartnerRegistration & { password: string } {
  sequence += 1;
  return {
    email: `partner-${sequence}-${randomPart()}@hardware.example`,
    password: partnerPassword,
    company: `Test Hardware ${sequence}`,
    contact_name: "Lee Buyer",
    phone: "(205) 555-0102",
    company_address: "2 Main St\nTrussville, AL 35173",
    ...overrides,
  };
}

/** A project inquiry for POST /api/project-inquiries with a fresh email; override any field. */
export function buildProjectInquiry(
  overrides: Partial<ProjectInquiryRequest> = {},
): ProjectInquiryRequest {
  sequence += 1;
  return {
    name: `Pat Project ${sequence}`,
    email: `inquiry-${sequence}-${randomPart()}@example.com`,
    phone: "(205) 555-0111",
    address: "12 Oak St, Homewood, AL",
    flooring_type: ["Hardwood"],
    ...overrides,
  };
}
