import { describe, expect, it } from "vitest";
import { cancellationRefund } from "./cancellation-policy.ts";
import { jobBillingAddress } from "./job-address.ts";

describe("the installation cancellation policy", () => {
  const policy = { fullRefundDays: 7, keptPercent: 12.5 };

  it("refunds the whole deposit until the last full-refund day, then keeps the percent to the cent", () => {
    expect(cancellationRefund(51_000, "2026-06-15", "2026-06-08", policy)).toEqual({
      refundCents: 51_000,
      keptCents: 0,
    });
    expect(cancellationRefund(51_000, "2026-06-15", "2026-06-09", policy)).toEqual({
      refundCents: 44_625,
      keptCents: 6_375,
    });
    // Half a cent kept rounds up: 12.5% of $1.01 is 12.625 cents.
    expect(cancellationRefund(101, "2026-06-15", "2026-06-15", policy)).toEqual({
      refundCents: 88,
      keptCents: 13,
    });
  });

  it("refunds everything while no install date is booked, and across a month's end", () => {
    expect(cancellationRefund(51_000, null, "2026-06-14", policy).keptCents).toBe(0);
    expect(cancellationRefund(51_000, "2026-07-03", "2026-06-26", policy).keptCents).toBe(0);
    expect(cancellationRefund(51_000, "2026-07-03", "2026-06-27", policy).keptCents).toBe(6_375);
  });
});

describe("the job's address as a billing address", () => {
  it("reads street, city, state and ZIP from the address as typed", () => {
    expect(jobBillingAddress("42 Magnolia Ave, Birmingham, AL 35205", "AL")).toEqual({
      street: "42 Magnolia Ave",
      city: "Birmingham",
      state: "AL",
      zip_code: "35205",
      country: "US",
    });
    expect(jobBillingAddress("7 Oak St, Apt 4, Atlanta, Georgia 30301-1234", "AL")).toMatchObject({
      street: "7 Oak St, Apt 4",
      city: "Atlanta",
      state: "GA",
      zip_code: "30301",
    });
  });

  it("keeps an address it cannot read whole as the street, with the showroom's state", () => {
    expect(jobBillingAddress("The blue house past the church", "AL")).toEqual({
      street: "The blue house past the church",
      city: "",
      state: "AL",
      zip_code: "",
      country: "US",
    });
  });
});
