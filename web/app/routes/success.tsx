import type { OrderConfirmation } from "@mcf/contracts/orders";
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { checkoutFormKey } from "../features/checkout/saved-checkout-form.ts";
import { InstallationPaymentView } from "../features/orders/installation-payment-view.tsx";
import { OrderConfirmationView } from "../features/orders/order-confirmation-view.tsx";
import { orderEmailFlagKey, sessionIdFromQuery } from "../features/orders/order-lookup.ts";
import { ApiError, api, isAbortError } from "../lib/api.ts";
import { useCart } from "../lib/cart/cart-context.tsx";
import { forgetPendingPayment } from "../lib/cart/pending-payment.ts";
import { pageTitles } from "../lib/page-titles.ts";
import { pageMeta } from "../lib/seo.ts";
import { useStoreDetails } from "../lib/store-details.ts";
import type { Route } from "./+types/success";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, pageTitles.success, "Your flooring order confirmation."),
  { name: "robots", content: "noindex" },
];

/** How long the order lookup may take before the page reassures instead. */
const lookupTimeoutMs = 10_000;

type LookupState =
  | { kind: "loading" }
  | { kind: "confirmed"; order: OrderConfirmation }
  | { kind: "problem"; title: string; text: string };

const problems = {
  noInformation: {
    title: "No order information found",
    text: `We could not find an order for this page. If you were charged, please call us at {phone}.`,
  },
  unreadable: {
    title: "Could not load order details",
    text: `The order link is incomplete. If you were charged, please call us at {phone}.`,
  },
  lookupFailed: {
    title: "Could not load order details",
    text: "Could not retrieve your order details. Your payment was successful, and we will contact you shortly.",
  },
  notPaid: {
    title: "Payment not completed",
    text: "This order was cancelled before it was paid, and no payment was taken. Add your flooring to the cart again to place a new order.",
  },
  timedOut: {
    title: "Your payment was successful",
    text: "Loading your order details is taking longer than expected. Your payment went through, and our team will contact you shortly with your order confirmation.",
  },
} as const;

/** Asks the server for the confirmation email once per order; the local flag stops repeats. */
function requestConfirmationEmail(order: OrderConfirmation) {
  const key = orderEmailFlagKey(order.order_id);
  if (order.payment_status !== "paid" || localStorage.getItem(key)) return;
  api("/api/send-order-email", { method: "POST", body: { order_id: order.order_id } })
    .then(() => localStorage.setItem(key, new Date().toISOString()))
    .catch((error: unknown) => console.error("Could not request the order email", error));
}

/** /success: clears the cart and shows the order confirmation. */
export default function SuccessPage() {
  const store = useStoreDetails();
  const [searchParams] = useSearchParams();
  const { restored, clear } = useCart();
  const [state, setState] = useState<LookupState>({ kind: "loading" });

  useEffect(() => {
    if (!restored) return;
    clear();
    forgetPendingPayment(localStorage);
    sessionStorage.removeItem(checkoutFormKey);
  }, [restored, clear]);

  const query = searchParams.toString();
  useEffect(() => {
    const sessionId = sessionIdFromQuery(new URLSearchParams(query));
    if (sessionId === null) {
      setState({ kind: "problem", ...problems.noInformation });
      return;
    }
    if (sessionId === "unreadable") {
      setState({ kind: "problem", ...problems.unreadable });
      return;
    }
    setState({ kind: "loading" });
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
      setState({ kind: "problem", ...problems.timedOut });
    }, lookupTimeoutMs);
    api<OrderConfirmation>(`/api/orders/by-session/${encodeURIComponent(sessionId)}`, {
      signal: controller.signal,
    })
      .then((order) => {
        if (order.payment_status !== "paid" && order.status === "cancelled") {
          setState({ kind: "problem", ...problems.notPaid });
          return;
        }
        setState({ kind: "confirmed", order });
        requestConfirmationEmail(order);
      })
      .catch((error: unknown) => {
        if (timedOut || isAbortError(error)) return;
        const timeout =
          error instanceof ApiError && error.status === 0 && /timed out/i.test(error.message);
        const notFound = error instanceof ApiError && error.status === 404;
        setState({
          kind: "problem",
          ...(timeout
            ? problems.timedOut
            : notFound
              ? problems.noInformation
              : problems.lookupFailed),
        });
      })
      .finally(() => clearTimeout(timer));
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  if (state.kind === "confirmed")
    return state.order.purpose === "installation" ? (
      <InstallationPaymentView order={state.order} />
    ) : (
      <OrderConfirmationView order={state.order} />
    );
  if (state.kind === "loading") {
    return (
      <div className="container-page py-24 text-center" aria-busy="true">
        <span
          aria-hidden="true"
          className="mx-auto mb-4 block h-10 w-10 animate-spin rounded-full border-4 border-stone-200 border-t-oak-600"
        />
        <p className="text-lg text-stone-700">Loading your order details...</p>
      </div>
    );
  }
  return (
    <div className="container-page max-w-2xl py-20 text-center">
      <h1 className="mb-3 text-3xl font-bold">{state.title}</h1>
      <p role="alert" className="mb-8 text-lg text-stone-700">
        {state.text.replace("{phone}", store.phone)}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/products" className="btn-primary">
          Continue Shopping
        </Link>
        <Link to="/contact" className="btn-outline">
          Contact Us
        </Link>
      </div>
    </div>
  );
}
