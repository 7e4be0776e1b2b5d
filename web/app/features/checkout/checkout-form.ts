import type { SavedAddress } from "@mcf/contracts/accounts";
import type { CartItem } from "@mcf/contracts/cart";
import type { PaymentRequest } from "@mcf/contracts/orders";
import type { PartnerUser } from "@mcf/contracts/partners";

export interface AddressFields {
  street: string;
  city: string;
  state: string;
  zip_code: string;
  country: string;
}

export interface CheckoutForm {
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  billing: AddressFields;
  shipToDifferentAddress: boolean;
  shipping: AddressFields;
}

export const checkoutMessages = {
  customer: "Please fill in all customer information fields.",
  billing: "Please fill in all billing address fields.",
  shipping: "Please fill in all shipping address fields.",
} as const;

/** An empty form: billing state NY and country US by default. */
export function emptyCheckoutForm(): CheckoutForm {
  return {
    customer_name: "",
    customer_email: "",
    customer_phone: "",
    billing: { street: "", city: "", state: "NY", zip_code: "", country: "US" },
    shipToDifferentAddress: false,
    shipping: { street: "", city: "", state: "", zip_code: "", country: "US" },
  };
}

/**
 * A signed-in partner's checkout starts from their account: contact name, email, phone, and the
 * saved shipping address as the billing address. Only empty fields are filled, so what the partner
 * typed (or the form kept from earlier in this visit) stays.
 */
export function fillFromPartner(form: CheckoutForm, partner: PartnerUser): CheckoutForm {
  const keep = (current: string, saved: string | null | undefined) =>
    current.trim() ? current : (saved ?? "").trim();
  const saved = partner.shipping_address;
  const billingEmpty = !form.billing.street.trim() && !form.billing.zip_code.trim();
  return {
    ...form,
    customer_name: keep(form.customer_name, partner.contact_name),
    customer_email: keep(form.customer_email, partner.email),
    customer_phone: keep(form.customer_phone, partner.phone),
    billing:
      saved && billingEmpty && saved.address.trim()
        ? {
            street: saved.address.trim(),
            city: saved.city.trim(),
            state: saved.state.trim() || form.billing.state,
            zip_code: saved.zip.trim(),
            country: saved.country.trim() || "US",
          }
        : form.billing,
  };
}

/**
 * A signed-in shopper's checkout starts from the account: its email, and the default saved
 * address (name, phone, billing address). Only empty fields are filled, as for a partner.
 */
export function fillFromShopper(
  form: CheckoutForm,
  email: string,
  address: SavedAddress | undefined,
): CheckoutForm {
  const keep = (current: string, saved: string | null | undefined) =>
    current.trim() ? current : (saved ?? "").trim();
  const billingEmpty = !form.billing.street.trim() && !form.billing.zip_code.trim();
  return {
    ...form,
    customer_email: keep(form.customer_email, email),
    customer_name: keep(form.customer_name, address?.full_name),
    customer_phone: keep(form.customer_phone, address?.phone),
    billing:
      address && billingEmpty
        ? {
            street: address.street,
            city: address.city,
            state: address.state,
            zip_code: address.zip_code,
            country: address.country || "US",
          }
        : form.billing,
  };
}

function trimAddress(address: AddressFields): AddressFields {
  return {
    street: address.street.trim(),
    city: address.city.trim(),
    state: address.state.trim(),
    zip_code: address.zip_code.trim(),
    country: address.country.trim() || "US",
  };
}

const addressComplete = (a: AddressFields) => Boolean(a.street && a.city && a.state && a.zip_code);

export type CheckoutValidation = { ok: true; form: CheckoutForm } | { ok: false; message: string };

/**
 * Trims every value and checks the required fields in the spec's order: customer, billing,
 * then shipping (only when it differs). Returns the trimmed form or the first message.
 */
export function validateCheckoutForm(form: CheckoutForm): CheckoutValidation {
  const trimmed: CheckoutForm = {
    customer_name: form.customer_name.trim(),
    customer_email: form.customer_email.trim(),
    customer_phone: form.customer_phone.trim(),
    billing: trimAddress(form.billing),
    shipToDifferentAddress: form.shipToDifferentAddress,
    shipping: trimAddress(form.shipping),
  };
  if (!trimmed.customer_name || !trimmed.customer_email || !trimmed.customer_phone)
    return { ok: false, message: checkoutMessages.customer };
  if (!addressComplete(trimmed.billing)) return { ok: false, message: checkoutMessages.billing };
  if (trimmed.shipToDifferentAddress && !addressComplete(trimmed.shipping))
    return { ok: false, message: checkoutMessages.shipping };
  return { ok: true, form: trimmed };
}

/**
 * Whether a message `validateCheckoutForm` gave still describes the form: a message goes away as
 * soon as its cause is fixed (the customer fields filled for the customer message, and so on),
 * not only at the next press of the pay button.
 */
export function checkoutMessageStillApplies(form: CheckoutForm, message: string): boolean {
  const trimmed = {
    customer: [form.customer_name, form.customer_email, form.customer_phone].map((v) => v.trim()),
    billing: trimAddress(form.billing),
    shipping: trimAddress(form.shipping),
  };
  if (message === checkoutMessages.customer) return trimmed.customer.some((value) => !value);
  if (message === checkoutMessages.billing) return !addressComplete(trimmed.billing);
  if (message === checkoutMessages.shipping)
    return form.shipToDifferentAddress && !addressComplete(trimmed.shipping);
  return true;
}

/** The state the order ships to, which decides the sales tax. */
export function shipToState(form: CheckoutForm): string | null {
  const state = form.shipToDifferentAddress ? form.shipping.state : form.billing.state;
  return state.trim() || null;
}

/** The ZIP code the order goes to, once it is well formed (a half-typed one is not asked about). */
export function shipToZip(form: CheckoutForm): string | null {
  const zip = (form.shipToDifferentAddress ? form.shipping.zip_code : form.billing.zip_code).trim();
  return /^\d{5}(-\d{4})?$/.test(zip) ? zip : null;
}

/** How the order is delivered, as the payment request carries it. */
/** The delivery choice, and the final-sale acknowledgement a cart with closeouts needs. */
export type CheckoutDelivery = Pick<
  PaymentRequest,
  "delivery_method" | "freight_services" | "delivery_answers" | "final_sale_acknowledged"
>;

export interface CheckoutAmounts {
  subtotal: number;
  shipping_cost: number;
  tax_amount: number;
  total_amount: number;
  /** Sent only when a discount applies. */
  coupon_code: string | null;
}

/** The payment request from a validated form, the cart, the shown totals and the delivery choice. */
export function paymentRequestFor(
  form: CheckoutForm,
  items: CartItem[],
  amounts: CheckoutAmounts,
  delivery: CheckoutDelivery = {},
): PaymentRequest {
  return {
    cart_items: items.map((item) => ({
      product_id: item.product_id,
      quantity: item.quantity,
      kind: item.kind ?? "box",
      ...(item.lot_id === undefined ? {} : { lot_id: item.lot_id }),
      product_name: item.product_name,
      unit_price: item.unit_price,
      total_price: item.total_price,
    })),
    customer_name: form.customer_name,
    customer_email: form.customer_email,
    customer_phone: form.customer_phone,
    billing_address: form.billing,
    shipping_address: form.shipToDifferentAddress ? form.shipping : null,
    subtotal: amounts.subtotal,
    shipping_cost: amounts.shipping_cost,
    tax_amount: amounts.tax_amount,
    total_amount: amounts.total_amount,
    ...(amounts.coupon_code ? { coupon_code: amounts.coupon_code } : {}),
    ...delivery,
  };
}
