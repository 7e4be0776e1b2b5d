import { couponCreateSchema, productCreateSchema } from "@mcf/contracts/admin";
import { projectInquiryRequestSchema } from "@mcf/contracts/leads";
import { partnerRegistrationSchema } from "@mcf/contracts/partners";
import { describe, expect, it } from "vitest";
import { buildCoupon, buildPartnerRegistration, buildProjectInquiry } from "./api-factories.ts";
import { buildProduct } from "./factories.ts";

describe("factories for records made through the API", () => {
  it("build bodies the API's own schemas accept", () => {
    expect(productCreateSchema.safeParse(buildProduct()).success).toBe(true);
    expect(couponCreateSchema.safeParse(buildCoupon()).success).toBe(true);
    expect(partnerRegistrationSchema.safeParse(buildPartnerRegistration()).success).toBe(true);
    expect(projectInquiryRequestSchema.safeParse(buildProjectInquiry()).success).toBe(true);
  });

  it("give each call its own unique values", () => {
    expect(buildCoupon().code).not.toBe(buildCoupon().code);
    expect(buildPartnerRegistration().email).not.toBe(buildPartnerRegistration().email);
    expect(buildProjectInquiry().email).not.toBe(buildProjectInquiry().email);
  });
});
