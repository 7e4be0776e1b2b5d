import type { SavedAddress, ShopperAccount } from "@mcf/contracts/accounts";
import { formatUsd } from "@mcf/contracts/money";
import type { PaymentRequest } from "@mcf/contracts/orders";
import type { PartnerUser } from "@mcf/contracts/partners";
import { finalSaleNotAcknowledged } from "@mcf/contracts/returns-options";
import { useEffect, useId, useState } from "react";
import { useNavigate } from "react-router";
import { BusyNotice } from "../../components/busy-notice.tsx";
import { readAceToken } from "../../lib/ace-token.ts";
import { api } from "../../lib/api.ts";
import { useCart } from "../../lib/cart/cart-context.tsx";
import { useCartPaths } from "../../lib/cart/cart-path.ts";
import { rememberPendingPayment } from "../../lib/cart/pending-payment.ts";
import { mayBeSignedIn } from "../../lib/shopper-session.ts";
import { AddressFieldset } from "./address-fieldset.tsx";
import {
  type CheckoutForm,
  checkoutMessageStillApplies,
  emptyCheckoutForm,
  fillFromPartner,
  fillFromShopper,
  paymentRequestFor,
  shipToState,
  shipToZip,
  validateCheckoutForm,
} from "./checkout-form.ts";
import { CouponBox } from "./coupon-box.tsx";
import { DeliveryChoiceFieldset } from "./delivery-choice.tsx";
import { FinalSaleAcknowledgement } from "./final-sale-acknowledgement.tsx";
import { OrderSummary } from "./order-summary.tsx";
import { paymentFailureReason, paymentMessages } from "./payment-errors.ts";
import { usePaymentKey } from "./payment-key.ts";
import { readSavedCheckoutForm, saveCheckoutForm } from "./saved-checkout-form.ts";
import { SoldOutNotice, soldOutOf } from "./sold-out-notice.tsx";
import { useCartCalculation } from "./use-cart-calculation.ts";
import { deliveryAnswersOf, useDeliveryChoice } from "./use-delivery-choice.ts";

interface PaymentSession {
  id?: string;
  url?: string;
}

/**
 * Starts the hosted payment: resolves with its URL, or throws with the reason to show. The
 * Idempotency-Key makes it safe to repeat, so a busy answer is retried (`onRetry`).
 */
async function startPayment(
  request: PaymentRequest,
  token: string | null,
  idempotencyKey: string,
  onRetry: () => void,
): Promise<string> {
  const session = await api<PaymentSession | null>("/api/payments/process", {
    method: "POST",
    body: request,
    token,
    headers: { "idempotency-key": idempotencyKey },
    retry: { onRetry },
  });
  if (!session?.id || !session.url) throw new Error(paymentMessages.invalidResponse);
  rememberPendingPayment(localStorage, session.id);
  return session.url;
}

/** The buyer's own details, in the order asked; the name spans both columns. */
const customerFields = [
  { name: "customer_name", label: "Full Name", type: "text", autoComplete: "name", wide: true },
  { name: "customer_email", label: "Email", type: "email", autoComplete: "email", wide: false },
  { name: "customer_phone", label: "Phone", type: "tel", autoComplete: "tel", wide: false },
] as const satisfies ReadonlyArray<{
  name: keyof CheckoutForm;
  label: string;
  type: string;
  autoComplete: string;
  wide: boolean;
}>;
type CustomerField = (typeof customerFields)[number];

/**
 * The checkout step of /cart: totals, coupon, customer and addresses, then the payment page.
 * `emptyCart` is shown instead of the form when the cart has no lines.
 */
export function CheckoutView({ emptyCart }: { emptyCart: React.ReactNode }) {
  const { items, restored, subtotal, boxCount } = useCart();
  const paths = useCartPaths();
  const navigate = useNavigate();
  const [form, setForm] = useState<CheckoutForm>(emptyCheckoutForm);
  const [formRestored, setFormRestored] = useState(false);
  const [coupon, setCoupon] = useState<string | null>(null);
  const [finalSaleAcknowledged, setFinalSaleAcknowledged] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  /** The form a payment was refused for: its message leaves once the shopper changes the form. */
  const [refusedForm, setRefusedForm] = useState<typeof form | null>(null);
  const [processing, setProcessing] = useState(false);
  const [paymentBusy, setPaymentBusy] = useState(false);
  const [soldOut, setSoldOut] = useState<ReturnType<typeof soldOutOf>>(null);
  const paymentKey = usePaymentKey();
  const [partnerToken, setPartnerToken] = useState<string | null>(null);
  const delivery = useDeliveryChoice();
  // Samples alone travel by parcel (or are picked up): a truck chosen for an earlier cart of
  // boxes is not carried over.
  const samplesOnly = boxCount === 0;
  const method =
    samplesOnly && (delivery.method === "freight" || delivery.method === "local")
      ? null
      : delivery.method;
  const calculation = useCartCalculation(items, coupon, shipToState(form), {
    partnerToken,
    enabled: formRestored,
    delivery: {
      zip: shipToZip(form),
      method,
      freightServices: delivery.freightServices,
    },
  });
  const id = useId();

  useEffect(() => {
    setForm(readSavedCheckoutForm(sessionStorage));
    const token = readAceToken();
    setPartnerToken(token);
    setFormRestored(true);
    // A signed-in shopper's checkout starts from the account's email and default address; a
    // guest's browser has no session hint, so a guest's checkout asks nothing more.
    const shopper = !token && mayBeSignedIn() ? new AbortController() : null;
    if (shopper) {
      Promise.all([
        api<ShopperAccount>("/api/account", { signal: shopper.signal }),
        api<{ addresses: SavedAddress[] }>("/api/account/addresses", { signal: shopper.signal }),
      ])
        .then(([account, { addresses }]) =>
          setForm((current) =>
            fillFromShopper(
              current,
              account.email,
              addresses.find((address) => address.is_default) ?? addresses[0],
            ),
          ),
        )
        .catch(() => {});
      return () => shopper.abort();
    }
    if (!token) return;
    // A partner's checkout starts from their account's contact and saved address.
    const controller = new AbortController();
    api<PartnerUser>("/api/ace/me", { token, signal: controller.signal })
      .then((partner) => setForm((current) => fillFromPartner(current, partner)))
      .catch(() => {});
    return () => controller.abort();
  }, []);
  useEffect(() => {
    if (formRestored) saveCheckoutForm(sessionStorage, form);
  }, [form, formRestored]);

  if (!restored) {
    return <p className="container-page py-20 text-center text-stone-600">Loading your cart...</p>;
  }

  const setField = (field: CustomerField["name"]) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  const result = calculation.status === "ready" ? calculation.result : null;
  const finalSaleNames = (calculation.result?.items ?? [])
    .filter((item) => item.final_sale)
    .map((item) => item.product_name);
  // A missing-field message leaves once the shopper fills what it asks for.
  const shownProblem =
    problem &&
    checkoutMessageStillApplies(form, problem) &&
    !(problem.startsWith(paymentFailedPrefix) && refusedForm !== form) &&
    !(problem === finalSaleNotAcknowledged && finalSaleAcknowledged)
      ? problem
      : null;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (processing) return;
    const validation = validateCheckoutForm(form);
    if (!validation.ok) {
      setProblem(validation.message);
      // The message is by the button; on a phone the empty field is screens above it.
      firstEmptyField(event.currentTarget as HTMLFormElement)?.focus();
      return;
    }
    if (!result) return;
    // Asked here, before any payment starts: it is the shopper's answer missing, not a failure.
    if (finalSaleNames.length > 0 && !finalSaleAcknowledged) {
      setProblem(finalSaleNotAcknowledged);
      return;
    }
    setProblem(null);
    setSoldOut(null);
    setProcessing(true);
    const request = paymentRequestFor(
      validation.form,
      items,
      {
        subtotal: result.subtotal,
        shipping_cost: result.shipping.cost,
        tax_amount: result.tax,
        total_amount: result.total,
        coupon_code: result.discount > 0 ? result.coupon_code : null,
      },
      {
        delivery_method: result.shipping.method,
        freight_services: delivery.freightServices,
        delivery_answers: deliveryAnswersOf(delivery),
        final_sale_acknowledged: finalSaleAcknowledged,
      },
    );
    try {
      const url = await startPayment(request, partnerToken, paymentKey(request), () =>
        setPaymentBusy(true),
      );
      window.location.assign(url);
    } catch (error) {
      const sold = soldOutOf(error);
      if (sold) setSoldOut(sold);
      else {
        setProblem(`${paymentFailedPrefix}${paymentFailureReason(error)}`);
        setRefusedForm(form);
      }
      setPaymentBusy(false);
      setProcessing(false);
    }
  };

  return (
    <div className="container-page py-8 sm:py-12">
      <div className="mb-6 flex flex-wrap items-center gap-4 border-b border-stone-200 pb-5">
        <button type="button" className="btn-outline" onClick={() => navigate(paths.cart)}>
          ← Back to Cart
        </button>
        <h1 className="text-3xl font-bold sm:text-4xl">Checkout</h1>
      </div>

      {items.length === 0 ? (
        emptyCart
      ) : (
        <form noValidate onSubmit={submit} className="grid gap-8 lg:grid-cols-[1fr_24rem]">
          <div className="space-y-6">
            <fieldset className="rounded-xl border border-stone-200 bg-white p-5 sm:p-6">
              <legend className="px-1 font-display text-xl font-semibold text-navy-800">
                Customer Information
              </legend>
              <div className="grid gap-4 sm:grid-cols-2">
                {customerFields.map((field) => (
                  <div key={field.name} className={field.wide ? "sm:col-span-2" : undefined}>
                    <label htmlFor={`${id}-${field.name}`} className="field-label">
                      {field.label}
                    </label>
                    <input
                      id={`${id}-${field.name}`}
                      type={field.type}
                      className="field-input"
                      autoComplete={field.autoComplete}
                      required
                      value={form[field.name]}
                      onChange={setField(field.name)}
                    />
                  </div>
                ))}
              </div>
            </fieldset>

            <AddressFieldset
              legend="Billing Address"
              section="billing"
              value={form.billing}
              onChange={(billing) => setForm((current) => ({ ...current, billing }))}
            />

            <label className="flex cursor-pointer items-center gap-3 rounded-xl border border-stone-200 bg-white px-5 py-4">
              <input
                type="checkbox"
                className="h-5 w-5 accent-oak-600"
                checked={form.shipToDifferentAddress}
                onChange={(event) =>
                  setForm((current) => ({
                    ...current,
                    shipToDifferentAddress: event.target.checked,
                  }))
                }
              />
              <span className="font-medium">Ship to a different address</span>
            </label>

            {form.shipToDifferentAddress ? (
              <AddressFieldset
                legend="Shipping Address"
                section="shipping"
                value={form.shipping}
                onChange={(shipping) => setForm((current) => ({ ...current, shipping }))}
              />
            ) : null}

            <DeliveryChoiceFieldset
              options={calculation.deliveryOptions}
              chosen={method ?? result?.shipping.method ?? "freight"}
              samplesOnly={samplesOnly}
              choice={delivery}
            />
          </div>

          <div className="space-y-4 lg:sticky lg:top-28 lg:h-fit">
            <OrderSummary calculation={calculation} />
            <CouponBox
              amount={calculation.result?.subtotal ?? subtotal}
              appliedCode={coupon}
              onChange={setCoupon}
            />
            {finalSaleNames.length > 0 ? (
              <FinalSaleAcknowledgement
                productNames={finalSaleNames}
                checked={finalSaleAcknowledged}
                onChange={setFinalSaleAcknowledged}
              />
            ) : null}
            {calculation.busy || paymentBusy ? <BusyNotice /> : null}
            {soldOut ? (
              <SoldOutNotice
                soldOut={soldOut.soldOut}
                detail={soldOut.detail}
                onAdjusted={() => setSoldOut(null)}
              />
            ) : null}
            {shownProblem ? (
              <p role="alert" className="rounded-md bg-red-50 p-4 text-sm font-medium text-red-800">
                {shownProblem}
              </p>
            ) : null}
            <button
              type="submit"
              className="btn-primary w-full py-3 text-base"
              disabled={processing || !result}
            >
              {processing
                ? "Processing..."
                : `Proceed to Payment${result ? ` · ${formatUsd(result.total)}` : ""}`}
            </button>
            <p className="text-center text-xs text-stone-600">
              You will pay on a secure hosted payment page.
            </p>
          </div>
        </form>
      )}
    </div>
  );
}

/** The first required field left empty, given the keyboard after a refused submit. */
function firstEmptyField(form: HTMLFormElement): HTMLElement | undefined {
  const fields = form.querySelectorAll<HTMLInputElement | HTMLSelectElement>(
    "input[required]:not([type=checkbox]), select[required]",
  );
  return [...fields].find((field) => !field.value.trim());
}

/** The cart page's alert for a payment that could not start, before its reason. */
const paymentFailedPrefix = "Payment failed: ";
