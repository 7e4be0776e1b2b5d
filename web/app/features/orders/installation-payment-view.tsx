import { formatUsd } from "@mcf/contracts/money";
import type { OrderConfirmation } from "@mcf/contracts/orders";
import { Link } from "react-router";
import { CallUsLinks } from "../../components/call-us-links.tsx";
import { SummaryRow } from "../../components/summary-row.tsx";
import { PaidHeader } from "./paid-header.tsx";

/**
 * /success after an installation's deposit or balance: what was paid and what happens next, with
 * nothing about boxes, shipping or order tracking (the job's page follows the install).
 */
export function InstallationPaymentView({ order }: { order: OrderConfirmation }) {
  const paid = order.payment_status === "paid";
  // The payment line names no product; the materials ride along at $0 to hold their boxes.
  const payments = order.items.filter((item) => item.product_id === null);
  const materials = order.items.filter((item) => item.product_id !== null);
  const billing = order.billing_address;
  return (
    <div className="container-page max-w-3xl py-10 sm:py-14">
      <PaidHeader
        title={paid ? "Thank you: your payment is received" : "We are confirming your payment"}
      >
        <p className="text-lg text-stone-700">
          {formatUsd(order.total_amount)} for your floor installation · reference{" "}
          <strong className="text-navy-800">{order.friendly_order_id}</strong>
        </p>
        <p className="mt-1 text-stone-600">
          {paid
            ? `Your receipt and a link to your project page are on their way to ${order.customer_email}.`
            : "Your receipt will follow by email."}
        </p>
      </PaidHeader>

      <section
        aria-labelledby="installation-payment-heading"
        className="rounded-xl border border-stone-200 bg-white p-5 sm:p-6"
      >
        <h2 id="installation-payment-heading" className="mb-4 text-xl font-semibold">
          What you paid
        </h2>
        <dl className="space-y-2 text-stone-800">
          {payments.map((payment) => (
            <SummaryRow
              key={payment.product_name}
              label={payment.product_name}
              valueClassName="font-semibold"
            >
              {formatUsd(payment.total_price)}
            </SummaryRow>
          ))}
          <SummaryRow
            label="Total paid"
            className="border-t border-stone-300 pt-3 text-lg font-semibold"
          >
            {formatUsd(order.total_amount)}
          </SummaryRow>
        </dl>
        {materials.length > 0 ? (
          <>
            <h3 className="mt-6 mb-2 font-semibold">Materials reserved for your install</h3>
            <ul className="list-disc space-y-1 pl-5 text-stone-700">
              {materials.map((item, index) => (
                <li key={`${item.product_id}-${index}`}>
                  {item.product_name.replace(/ \(for your installation\)$/, "")}: {item.quantity}{" "}
                  {item.quantity === 1 ? "box" : "boxes"}, included in your estimate
                </li>
              ))}
            </ul>
          </>
        ) : null}
        <p className="mt-6 text-stone-700">
          Billed to {order.customer_name}, {billing.street}, {billing.city}, {billing.state}{" "}
          {billing.zip_code}. We will call you to set each date; your project page shows every step.
        </p>
      </section>

      <CallUsLinks callLabel="Questions? Call" className="mt-8">
        <Link to="/installation" className="btn-primary">
          About our installation
        </Link>
      </CallUsLinks>
    </div>
  );
}
