import { unitName } from "@mcf/contracts/accessories";
import { formatUsd } from "@mcf/contracts/money";
import type { TestPaymentSession } from "@mcf/contracts/orders";
import { useId, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { BrandMark } from "../components/brand-mark.tsx";
import { OrderAmounts } from "../components/order-amounts.tsx";
import { testCards } from "../features/payments/test-payment-session.ts";
import { ApiError, api, namesNothing } from "../lib/api.ts";
import { pageTitles } from "../lib/page-titles.ts";
import { pageMeta } from "../lib/seo.ts";
import { useStoreDetails } from "../lib/store-details.ts";
import type { Route } from "./+types/pay";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, pageTitles.payment, "The store's built-in test payment page."),
  { name: "robots", content: "noindex" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    const session = await api<TestPaymentSession>(
      `/api/payments/test-sessions/${encodeURIComponent(params.sessionId)}`,
      { fetch: context.apiFetch },
    );
    return { session, problem: null };
  } catch (error) {
    const missing = namesNothing(error);
    return {
      session: null,
      problem: missing
        ? "This payment session was not found."
        : "The payment page could not be loaded. Please try again.",
    };
  }
}

const endedMessages: Record<Exclude<TestPaymentSession["status"], "open">, string> = {
  paid: "This order has already been paid.",
  failed: "This payment was declined and the session has ended. Your cart is still saved.",
  cancelled: "This payment was cancelled. Your cart is still saved.",
  expired: "This payment session has expired. Your cart is still saved.",
};

/** An installation payment is opened from the job's page, which shows what is due: no cart. */
const installationEndedMessages: typeof endedMessages = {
  paid: endedMessages.paid,
  failed: "This payment was declined and the session has ended. Nothing was charged.",
  cancelled: "This payment was cancelled. Nothing was charged.",
  expired: "This payment session has expired. Nothing was charged.",
};

/** Sends the browser where the server says; the cart is the fallback. */
async function postAndRedirect(path: string, body?: unknown) {
  const { redirect_url } = await api<{ redirect_url: string }>(path, { method: "POST", body });
  window.location.assign(redirect_url);
}

/** The built-in TEST payment page: no real card is ever charged here. */
export default function TestPaymentPage({ loaderData }: Route.ComponentProps) {
  const store = useStoreDetails();
  const { session, problem } = loaderData;
  const [paying, setPaying] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const revalidator = useRevalidator();
  const cardId = useId();
  const hintId = useId();

  const pay = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!session || paying) return;
    // Read from the form itself: digits typed before the page hydrated count too.
    const cardNumber = String(new FormData(event.currentTarget).get("card_number") ?? "");
    setPaying(true);
    setMessage(null);
    try {
      await postAndRedirect(`/api/payments/test-sessions/${encodeURIComponent(session.id)}/pay`, {
        card_number: cardNumber,
      });
    } catch (error) {
      setMessage(error instanceof ApiError ? error.message : "The payment could not be completed.");
      setPaying(false);
      void revalidator.revalidate();
    }
  };

  const installation = session?.purpose === "installation";

  const cancel = async () => {
    if (!session || cancelling) return;
    setCancelling(true);
    try {
      await postAndRedirect(`/api/payments/test-sessions/${encodeURIComponent(session.id)}/cancel`);
    } catch {
      window.location.assign(session.back_url);
    }
  };

  return (
    <div className="min-h-screen bg-stone-100">
      <div
        role="note"
        className="bg-amber-300 px-4 py-2.5 text-center text-sm font-bold tracking-wide text-amber-950"
      >
        Test mode — no real card is charged
      </div>
      <div className="mx-auto w-full max-w-md px-4 py-8 sm:py-14">
        <div className="mb-6 flex justify-center">
          <BrandMark />
        </div>
        <div className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
          {!session ? (
            <div className="text-center">
              <h1 className="mb-2 text-2xl font-semibold">Payment unavailable</h1>
              <p className="mb-6 text-stone-700">{problem}</p>
              <Link to="/cart" className="btn-primary">
                Return to cart
              </Link>
            </div>
          ) : (
            <>
              <p className="text-sm text-stone-600">Order {session.friendly_order_id}</p>
              <h1 className="mb-1 font-sans text-base font-medium text-stone-700">
                Pay {store.business_name}
              </h1>
              <p className="mb-5 text-4xl font-bold text-navy-800" data-testid="payment-amount">
                {formatUsd(session.amount)}
              </p>
              {installation ? (
                <InstallationLines session={session} />
              ) : (
                <>
                  <ul className="mb-3 space-y-1 border-y border-stone-200 py-3 text-sm text-stone-700">
                    {session.items.map((item) => (
                      <li key={item.product_name} className="flex justify-between gap-3">
                        <span>
                          {item.kind === "sample"
                            ? `Sample: ${item.product_name} · ${item.quantity} ${item.quantity === 1 ? "sample" : "samples"}`
                            : `${item.product_name} · ${item.quantity} ${unitName(item.selling_unit, item.quantity)}`}
                        </span>
                        <span>{formatUsd(item.total_price)}</span>
                      </li>
                    ))}
                  </ul>
                  <section
                    aria-label="What you pay"
                    className="mb-6 border-b border-stone-200 pb-3 text-sm"
                  >
                    <OrderAmounts
                      subtotal={session.subtotal}
                      discount={session.discount}
                      couponCode={session.coupon_code}
                      shipping={session.shipping}
                      shippingLabel={session.shipping_label}
                      tax={session.tax}
                      total={session.amount}
                    />
                  </section>
                </>
              )}

              {session.status === "open" ? (
                <form onSubmit={pay} noValidate>
                  <label htmlFor={cardId} className="field-label">
                    Card number
                  </label>
                  <input
                    id={cardId}
                    className="field-input font-mono tracking-wider"
                    inputMode="numeric"
                    autoComplete="cc-number"
                    placeholder="4242 4242 4242 4242"
                    aria-describedby={hintId}
                    name="card_number"
                  />
                  {message ? (
                    <p
                      role="alert"
                      className="mt-3 rounded-md bg-red-50 p-3 text-sm font-medium text-red-800"
                    >
                      {message}
                    </p>
                  ) : null}
                  <button
                    type="submit"
                    className="btn-primary mt-4 w-full py-3 text-base"
                    disabled={paying || cancelling}
                  >
                    {paying ? "Processing..." : `Pay ${formatUsd(session.amount)}`}
                  </button>
                  <p id={hintId} className="mt-4 rounded-md bg-stone-50 p-3 text-xs text-stone-700">
                    Test cards: <span className="font-mono">{testCards.pays}</span> pays;{" "}
                    <span className="font-mono">{testCards.declines}</span> is declined. Any other
                    number is refused.
                  </p>
                </form>
              ) : (
                <div>
                  {message ? (
                    <p
                      role="alert"
                      className="mb-3 rounded-md bg-red-50 p-3 text-sm font-medium text-red-800"
                    >
                      {message}
                    </p>
                  ) : null}
                  <p className="mb-4 text-stone-700">
                    {installation
                      ? installationEndedMessages[session.status]
                      : endedMessages[session.status]}
                  </p>
                  {session.refunds?.length ? (
                    <ul aria-label="Refunds" className="mb-4 space-y-1 text-sm text-stone-700">
                      {session.refunds.map((refund) => (
                        <li key={refund.refund_id}>
                          Test mode: {formatUsd(refund.amount)} refunded to this card (refund{" "}
                          <span className="break-all">{refund.refund_id}</span>)
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  {session.status === "paid" ? (
                    <Link
                      to={`/success?session_id=${encodeURIComponent(session.id)}`}
                      className="btn-primary w-full"
                    >
                      View your order
                    </Link>
                  ) : null}
                </div>
              )}
              <div className="mt-6 text-center">
                {session.status === "open" ? (
                  <button
                    type="button"
                    className="text-sm font-medium text-stone-700 underline underline-offset-2 hover:text-navy-800"
                    disabled={paying || cancelling}
                    onClick={() => void cancel()}
                  >
                    {cancelling
                      ? "Cancelling..."
                      : installation
                        ? "Cancel and go back"
                        : "Cancel and return to cart"}
                  </button>
                ) : session.status === "paid" ? null : (
                  <Link to={session.back_url} className="btn-primary w-full">
                    {installation ? "Back to your project" : "Return to cart"}
                  </Link>
                )}
              </div>
            </>
          )}
        </div>
      </div>
    </div>
  );
}

/** An installation's deposit or balance: the payment line, and the materials it reserves. */
function InstallationLines({ session }: { session: TestPaymentSession }) {
  return (
    <ul
      aria-label="What you pay"
      className="mb-6 space-y-1 border-y border-stone-200 py-3 text-sm text-stone-700"
    >
      {session.items.map((item) =>
        item.total_price > 0 ? (
          <li key={item.product_name} className="flex justify-between gap-3 font-medium">
            <span>{item.product_name}</span>
            <span>{formatUsd(item.total_price)}</span>
          </li>
        ) : (
          <li key={item.product_name} className="flex justify-between gap-3">
            <span>
              {item.product_name}: {item.quantity} {unitName(item.selling_unit, item.quantity)}{" "}
              reserved
            </span>
            <span>Included</span>
          </li>
        ),
      )}
    </ul>
  );
}
