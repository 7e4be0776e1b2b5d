import { type CheckoutForm, emptyCheckoutForm } from "./checkout-form.ts";

/** sessionStorage key: what the shopper typed survives a trip to the payment page and back. */
export const checkoutFormKey = "checkoutForm";

export function readSavedCheckoutForm(storage: Pick<Storage, "getItem">): CheckoutForm {
  const empty = emptyCheckoutForm();
  try {
    const raw = storage.getItem(checkoutFormKey);
    if (!raw) return empty;
    const saved = JSON.parse(raw) as Partial<CheckoutForm>;
    const text = (value: unknown, fallback: string) =>
      typeof value === "string" ? value : fallback;
    const address = (value: unknown, fallback: CheckoutForm["billing"]) => {
      const source = (value && typeof value === "object" ? value : {}) as Record<string, unknown>;
      return {
        street: text(source.street, fallback.street),
        city: text(source.city, fallback.city),
        state: text(source.state, fallback.state),
        zip_code: text(source.zip_code, fallback.zip_code),
        country: text(source.country, fallback.country),
      };
    };
    return {
      customer_name: text(saved.customer_name, ""),
      customer_email: text(saved.customer_email, ""),
      customer_phone: text(saved.customer_phone, ""),
      billing: address(saved.billing, empty.billing),
      shipToDifferentAddress: saved.shipToDifferentAddress === true,
      shipping: address(saved.shipping, empty.shipping),
    };
  } catch {
    return empty;
  }
}

export function saveCheckoutForm(storage: Pick<Storage, "setItem">, form: CheckoutForm): void {
  try {
    storage.setItem(checkoutFormKey, JSON.stringify(form));
  } catch {
    // Storage full or disabled: the form still works, it just is not kept.
  }
}
