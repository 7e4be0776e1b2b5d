import { unitName } from "@mcf/contracts/accessories";
import { displayType } from "@mcf/contracts/business";
import { formatUsd } from "@mcf/contracts/money";
import type { OrderConfirmation } from "@mcf/contracts/orders";
import { collectionDisplayName } from "@mcf/contracts/store-settings-format";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { CallUsLinks } from "../../components/call-us-links.tsx";
import { defaultFlooringThumb, FloorImage } from "../../components/floor-image.tsx";
import { OrderAmounts } from "../../components/order-amounts.tsx";
import { SummaryRow } from "../../components/summary-row.tsx";
import { readAceToken } from "../../lib/ace-token.ts";
import { boxesLabel, formatSqft } from "../../lib/cart/cart-wording.ts";
import { deliveryDateLabel, formatDeliveryDate } from "../../lib/delivery-dates.ts";
import { useStoreDetails } from "../../lib/store-details.ts";
import { PaidHeader } from "./paid-header.tsx";

type Address = OrderConfirmation["shipping_address"];

function AddressBlock({ title, address }: { title: string; address: Address }) {
  return (
    <div>
      <h3 className="mb-1 font-sans text-sm font-semibold tracking-wide text-stone-600 uppercase">
        {title}
      </h3>
      <address className="text-stone-900 not-italic">
        {address.street}
        <br />
        {address.city}, {address.state} {address.zip_code}
        <br />
        {address.country}
      </address>
    </div>
  );
}

const sameAddress = (a: Address, b: Address) =>
  a.street === b.street && a.city === b.city && a.state === b.state && a.zip_code === b.zip_code;

/** The confirmed order on /success: number, items, totals, addresses and the tracking link. */
export function OrderConfirmationView({ order }: { order: OrderConfirmation }) {
  const store = useStoreDetails();
  const paid = order.payment_status === "paid";
  // Samples always travel by parcel; beside boxes that come by truck or freight, say they come first.
  const hasBoxes = order.items.some((item) => item.kind !== "sample");
  // A signed-in partner's order is in their partner account: no shopper account is offered.
  // Read after the first render, which the server made without the browser's storage.
  const [partner, setPartner] = useState(false);
  useEffect(() => setPartner(readAceToken() !== null), []);
  return (
    <div className="container-page max-w-5xl py-10 sm:py-14">
      <PaidHeader title="Thank you for your order!">
        <p className="text-lg text-stone-700">
          Order number <strong className="text-navy-800">{order.friendly_order_id}</strong>
        </p>
        <p className="mt-1 text-stone-600">
          {paid
            ? `A confirmation email is on its way to ${order.customer_email}.`
            : "We are confirming your payment; a confirmation email will follow."}
        </p>
        {order.tracking_url ? (
          <a href={order.tracking_url} className="btn-dark mt-5">
            Track your order
          </a>
        ) : null}
        {paid && partner ? (
          <p className="mt-4 text-sm text-stone-700">
            It is with your orders in{" "}
            <Link to="/ace/account" className="font-semibold text-oak-700 hover:underline">
              your partner account
            </Link>
            .
          </p>
        ) : paid ? (
          <p className="mt-4 text-sm text-stone-700">
            Keep this order, and re-order the same dye lot later:{" "}
            <Link
              to="/account"
              state={{ email: order.customer_email }}
              className="font-semibold text-oak-700 hover:underline"
            >
              create an account
            </Link>{" "}
            with this email. No password needed.
          </p>
        ) : null}
      </PaidHeader>

      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <section
          aria-labelledby="order-items-heading"
          className="rounded-xl border border-stone-200 bg-white p-5 sm:p-6"
        >
          <h2 id="order-items-heading" className="mb-4 text-xl font-semibold">
            Items
          </h2>
          {order.items.length === 0 ? (
            <p className="rounded-md bg-stone-50 p-4 text-stone-700">
              Product details are being processed...
            </p>
          ) : (
            <ul className="divide-y divide-stone-200">
              {order.items.map((item, index) => (
                <li key={`${item.product_id}-${index}`} className="flex gap-4 py-4">
                  <FloorImage
                    src={item.image_url}
                    fallbackSrc={defaultFlooringThumb}
                    alt={item.product_name}
                    width={80}
                    height={80}
                    className="h-20 w-20 shrink-0 rounded-lg bg-stone-100 object-cover"
                  />
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold text-navy-800">
                      {item.kind === "sample" ? `Sample: ${item.product_name}` : item.product_name}
                    </p>
                    <p className="text-sm text-stone-600">
                      {[
                        item.brand,
                        collectionDisplayName(store.collection_names, item.collection),
                        item.color,
                        displayType(item.type),
                      ]
                        .filter(Boolean)
                        .join(" · ")}
                    </p>
                    <p className="text-sm text-stone-700">
                      {item.kind === "sample"
                        ? `${item.quantity} ${item.quantity === 1 ? "sample" : "samples"}, mailed by parcel${hasBoxes ? " ahead of your floor" : ""}`
                        : item.selling_unit === "box"
                          ? `${boxesLabel(item.quantity)} × ${formatUsd(item.unit_price)} · ${formatSqft(item.total_sqft)}`
                          : `${item.quantity} ${unitName(item.selling_unit, item.quantity)} × ${formatUsd(item.unit_price)}`}
                    </p>
                    <p className="mt-1 font-semibold sm:hidden">{formatUsd(item.total_price)}</p>
                  </div>
                  <p className="hidden shrink-0 font-semibold sm:block">
                    {formatUsd(item.total_price)}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section
          aria-labelledby="order-totals-heading"
          className="h-fit rounded-xl border border-stone-200 bg-cream/60 p-5 sm:p-6"
        >
          <h2 id="order-totals-heading" className="mb-4 text-xl font-semibold">
            Order Total
          </h2>
          <dl className="space-y-2 text-stone-800">
            <SummaryRow label="Cartons · coverage" className="text-sm text-stone-600">
              {order.total_cartons} · {formatSqft(order.total_sqft)}
            </SummaryRow>
          </dl>
          <div className="mt-2">
            <OrderAmounts
              subtotal={order.subtotal}
              discount={order.discount_amount}
              couponCode={order.coupon_code}
              shipping={order.shipping_cost}
              shippingLabel={order.delivery.label}
              shippingNote={
                order.delivery.estimated_date
                  ? `${deliveryDateLabel(order.delivery.method)} ${formatDeliveryDate(order.delivery.estimated_date)}`
                  : null
              }
              tax={order.tax_amount}
              total={order.total_amount}
            />
          </div>
        </section>
      </div>

      <section
        aria-labelledby="order-delivery-heading"
        className="mt-6 grid gap-6 rounded-xl border border-stone-200 bg-white p-5 sm:grid-cols-3 sm:p-6"
      >
        <h2 id="order-delivery-heading" className="sr-only">
          Contact and addresses
        </h2>
        <div>
          <h3 className="mb-1 font-sans text-sm font-semibold tracking-wide text-stone-600 uppercase">
            Contact
          </h3>
          <p>{order.customer_name}</p>
          <p className="break-all">{order.customer_email}</p>
          <p>{order.customer_phone}</p>
        </div>
        {order.delivery.method === "pickup" ? (
          <div>
            <h3 className="mb-1 font-sans text-sm font-semibold tracking-wide text-stone-600 uppercase">
              Pick up at
            </h3>
            <address className="text-stone-900 not-italic">
              {store.business_name}
              <br />
              {store.formatted_address}
            </address>
          </div>
        ) : (
          <AddressBlock title="Shipping address" address={order.shipping_address} />
        )}
        {sameAddress(order.billing_address, order.shipping_address) ? (
          <div>
            <h3 className="mb-1 font-sans text-sm font-semibold tracking-wide text-stone-600 uppercase">
              Billing address
            </h3>
            <p className="text-stone-700">Same as shipping</p>
          </div>
        ) : (
          <AddressBlock title="Billing address" address={order.billing_address} />
        )}
      </section>

      <CallUsLinks callLabel="Questions? Call" className="mt-8">
        <Link to="/products" className="btn-primary">
          Continue Shopping
        </Link>
      </CallUsLinks>
    </div>
  );
}
