import { usStates } from "@mcf/contracts/us-states";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api.ts";
import {
  type CheckoutForm,
  checkoutMessageStillApplies,
  checkoutMessages,
  emptyCheckoutForm,
  fillFromPartner,
  fillFromShopper,
  paymentRequestFor,
  shipToState,
  shipToZip,
  validateCheckoutForm,
} from "./checkout-form.ts";
import { paymentFailureReason } from "./payment-errors.ts";

const filled = (): CheckoutForm => ({
  ...emptyCheckoutForm(),
  customer_name: "  Ada Lovelace ",
  customer_email: " ada@example.com",
  customer_phone: "205-555-0100 ",
  billing: {
    street: " 1 Main St",
    city: "Homewood ",
    state: "AL",
    zip_code: "35209",
    country: "US",
  },
});

describe("checkout form", () => {
  it("starts a partner's checkout from their account, never over what they typed", () => {
    const partner = {
      id: "p1",
      email: "buyer@hardware.example",
      company: "Pelham Hardware",
      company_address: "1 Depot St",
      contact_name: "Pat Buyer",
      phone: "205-555-0111",
      shipping_address: {
        address: "2200 Pelham Pkwy",
        city: "Pelham",
        state: "AL",
        zip: "35124",
        country: "US",
      },
      status: "approved" as const,
      created_at: "2026-01-01T00:00:00Z",
    };
    const fresh = fillFromPartner(emptyCheckoutForm(), partner);
    expect(fresh).toMatchObject({
      customer_name: "Pat Buyer",
      customer_email: "buyer@hardware.example",
      customer_phone: "205-555-0111",
      billing: { street: "2200 Pelham Pkwy", city: "Pelham", state: "AL", zip_code: "35124" },
    });
    const typed = fillFromPartner(filled(), partner);
    expect(typed.customer_name).toBe("  Ada Lovelace ");
    expect(typed.billing.street).toBe(" 1 Main St");
    expect(
      fillFromPartner(emptyCheckoutForm(), { ...partner, shipping_address: null }).billing,
    ).toEqual(emptyCheckoutForm().billing);
  });

  it("asks for delivery prices only for a complete ZIP code of the address the order goes to", () => {
    const form = filled();
    expect(shipToZip(form)).toBe("35209");
    expect(shipToZip({ ...form, billing: { ...form.billing, zip_code: " 3520" } })).toBeNull();
    expect(shipToZip({ ...form, billing: { ...form.billing, zip_code: "35209-1234 " } })).toBe(
      "35209-1234",
    );
    const shipping = { ...form.billing, zip_code: "98101" };
    expect(shipToZip({ ...form, shipToDifferentAddress: true, shipping })).toBe("98101");
  });

  it("sends the delivery method, the freight extras and the driver's answers with the payment", () => {
    const request = paymentRequestFor(
      filled(),
      [],
      { subtotal: 1, shipping_cost: 0, tax_amount: 0, total_amount: 1, coupon_code: null },
      {
        delivery_method: "freight",
        freight_services: { residential: false, liftgate: true },
        delivery_answers: { site_access: "full_truck", stairs: false, appointment_phone: null },
      },
    );
    expect(request).toMatchObject({
      delivery_method: "freight",
      freight_services: { residential: false, liftgate: true },
      delivery_answers: { site_access: "full_truck", stairs: false, appointment_phone: null },
    });
  });

  it("defaults the billing state to NY and the country to US; lists 50 states plus DC", () => {
    const form = emptyCheckoutForm();
    expect(form.billing.state).toBe("NY");
    expect(form.billing.country).toBe("US");
    expect(usStates).toHaveLength(51);
    expect(usStates.some((state) => state.code === "DC")).toBe(true);
  });

  it("asks for the customer fields first, then billing, then shipping", () => {
    expect(validateCheckoutForm({ ...filled(), customer_phone: "   " })).toEqual({
      ok: false,
      message: "Please fill in all customer information fields.",
    });
    const noCity = filled();
    noCity.billing.city = " ";
    expect(validateCheckoutForm(noCity)).toEqual({
      ok: false,
      message: "Please fill in all billing address fields.",
    });
    expect(validateCheckoutForm({ ...filled(), shipToDifferentAddress: true })).toEqual({
      ok: false,
      message: "Please fill in all shipping address fields.",
    });
  });

  it("a missing-field message stops applying once its fields are filled", () => {
    const noPhone = { ...filled(), customer_phone: " " };
    expect(checkoutMessageStillApplies(noPhone, checkoutMessages.customer)).toBe(true);
    expect(checkoutMessageStillApplies(filled(), checkoutMessages.customer)).toBe(false);
    const noZip = filled();
    noZip.billing.zip_code = "";
    expect(checkoutMessageStillApplies(noZip, checkoutMessages.billing)).toBe(true);
    expect(checkoutMessageStillApplies(filled(), checkoutMessages.billing)).toBe(false);
    const shipping = { ...filled(), shipToDifferentAddress: true };
    expect(checkoutMessageStillApplies(shipping, checkoutMessages.shipping)).toBe(true);
    expect(checkoutMessageStillApplies(filled(), checkoutMessages.shipping)).toBe(false);
    expect(checkoutMessageStillApplies(filled(), "Payment failed: try again")).toBe(true);
  });

  it("trims every value and ships to billing unless told otherwise", () => {
    const result = validateCheckoutForm(filled());
    if (!result.ok) throw new Error(result.message);
    expect(result.form.customer_name).toBe("Ada Lovelace");
    expect(result.form.billing.street).toBe("1 Main St");
    const request = paymentRequestFor(result.form, [], {
      subtotal: 10,
      shipping_cost: 0,
      tax_amount: 1,
      total_amount: 11,
      coupon_code: null,
    });
    expect(request.shipping_address).toBeNull();
    expect("coupon_code" in request).toBe(false);
  });

  it("taxes by the shipping state when shipping elsewhere", () => {
    const form = { ...filled(), shipToDifferentAddress: true };
    form.shipping.state = "GA";
    expect(shipToState(form)).toBe("GA");
    expect(shipToState(filled())).toBe("AL");
  });
});

describe("payment failure reasons", () => {
  it("prefers the server's detail, then the status, then the generic message", () => {
    expect(paymentFailureReason(new ApiError(409, "Only 2 left of Oak"))).toBe(
      "Only 2 left of Oak",
    );
    expect(paymentFailureReason(new ApiError(502, "Request failed with status 502"))).toBe(
      "Payment failed with status 502",
    );
    expect(paymentFailureReason(new ApiError(0, "Network error."))).toBe(
      "Payment initiation failed. Please try again.",
    );
  });
});

describe("fillFromShopper: a signed-in shopper's checkout starts from the account", () => {
  const home = {
    id: 1,
    label: "Home",
    full_name: "Avery Shopper",
    street: "77 Lakeshore Dr",
    city: "Birmingham",
    state: "AL",
    zip_code: "35209",
    country: "US",
    phone: "205-555-0177",
    is_default: true,
  };

  it("fills the email, name, phone and billing address of an empty form from the default address", () => {
    expect(fillFromShopper(emptyCheckoutForm(), "avery@example.com", home)).toMatchObject({
      customer_name: "Avery Shopper",
      customer_email: "avery@example.com",
      customer_phone: "205-555-0177",
      billing: { street: "77 Lakeshore Dr", city: "Birmingham", state: "AL", zip_code: "35209" },
    });
  });

  it("keeps what the shopper already typed, and fills only the email without a saved address", () => {
    const typed = {
      ...emptyCheckoutForm(),
      customer_name: "Someone Else",
      billing: { street: "1 Elm St", city: "", state: "NY", zip_code: "", country: "US" },
    };
    const filled = fillFromShopper(typed, "avery@example.com", home);
    expect(filled.customer_name).toBe("Someone Else");
    expect(filled.billing.street).toBe("1 Elm St");
    expect(fillFromShopper(emptyCheckoutForm(), "avery@example.com", undefined)).toMatchObject({
      customer_email: "avery@example.com",
      customer_name: "",
      billing: { street: "" },
    });
  });
});
