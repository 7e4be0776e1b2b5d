import type { AdminOrder } from "@mcf/contracts/admin";
import { formatUsd } from "@mcf/contracts/money";
import { orderedBoxes } from "@mcf/contracts/order-boxes";
import { useEffect, useState } from "react";
import { createPortal } from "react-dom";
import { SummaryRow } from "../../components/summary-row.tsx";
import { useStoreDetails } from "../../lib/store-details.ts";
import { capitalize } from "./admin-format.ts";
import { formatShopTime } from "./birmingham-time.ts";

type DocumentKind = "packing" | "invoice";
const titles: Record<DocumentKind, string> = { packing: "Packing list", invoice: "Invoice" };

function Address({ label, address }: { label: string; address: AdminOrder["billing_address"] }) {
  return (
    <div>
      <p className="text-xs font-semibold uppercase">{label}</p>
      <p>{address.street}</p>
      <p>
        {address.city}, {address.state} {address.zip_code}
      </p>
    </div>
  );
}

/** One order as a printed page: the packing list for the warehouse, or the customer's invoice. */
function OrderDocument({ order, kind }: { order: AdminOrder; kind: DocumentKind }) {
  const store = useStoreDetails();
  // The packing list packs what still goes: boxes cancelled before shipping are left out.
  const items = (order.items ?? []).flatMap((item) => {
    const going = orderedBoxes(item);
    if (kind === "invoice") return [item];
    return going > 0 ? [{ ...item, quantity: going }] : [];
  });
  const amounts: Array<[string, number]> = [
    ["Subtotal", order.subtotal],
    ...(order.discount_amount ? [["Discount", -order.discount_amount] as [string, number]] : []),
    [`Shipping (${order.delivery.label})`, order.shipping_cost],
    ["Tax", order.tax_amount],
  ];
  return (
    <article
      aria-label={`${titles[kind]} ${order.friendly_order_id}`}
      className="space-y-4 text-sm"
    >
      <header className="flex justify-between gap-4 border-b pb-3">
        <div>
          <p className="text-lg font-bold">{store.business_name}</p>
          <p>{store.formatted_address}</p>
          <p>{store.phone}</p>
        </div>
        <div className="text-right">
          <h2 className="text-xl font-bold">{titles[kind]}</h2>
          <p>Order {order.friendly_order_id}</p>
          <p>Placed {formatShopTime(order.created_at)}</p>
          {kind === "invoice" ? <p>Payment: {capitalize(order.payment_status)}</p> : null}
        </div>
      </header>
      <div className="grid grid-cols-2 gap-4">
        <div>
          <p className="text-xs font-semibold uppercase">Customer</p>
          <p>{order.customer_name}</p>
          <p>{order.customer_email}</p>
          <p>{order.customer_phone}</p>
        </div>
        <Address
          label={order.shipping_address ? "Ship to" : "Bill and ship to"}
          address={order.shipping_address ?? order.billing_address}
        />
      </div>
      <table className="w-full border-collapse text-left">
        <thead>
          <tr className="border-b text-xs uppercase">
            <th className="py-1">Item</th>
            <th className="py-1">SKU</th>
            {kind === "packing" ? <th className="py-1">Dye lot</th> : null}
            <th className="py-1 text-right">Boxes</th>
            <th className="py-1 text-right">Sq ft</th>
            {kind === "invoice" ? (
              <>
                <th className="py-1 text-right">Price</th>
                <th className="py-1 text-right">Amount</th>
              </>
            ) : (
              <th className="py-1 text-center">Packed</th>
            )}
          </tr>
        </thead>
        <tbody>
          {items.map((item, index) => (
            <tr key={`${item.product_id}-${item.kind}-${index}`} className="border-b">
              <td className="py-1">
                {item.product_name}
                {item.kind === "sample" ? " (sample)" : ""}
              </td>
              <td className="py-1">{item.sku ?? ""}</td>
              {kind === "packing" ? (
                <td className="py-1">
                  {item.lot_code ?? ""}
                  {item.lot_warning ? (
                    <span className="block text-xs font-semibold">Mixed lots: check shades</span>
                  ) : null}
                </td>
              ) : null}
              <td className="py-1 text-right">{item.quantity}</td>
              <td className="py-1 text-right">{item.total_sqft}</td>
              {kind === "invoice" ? (
                <>
                  <td className="py-1 text-right">{formatUsd(item.unit_price)}</td>
                  <td className="py-1 text-right">{formatUsd(item.total_price)}</td>
                </>
              ) : (
                <td className="py-1 text-center" aria-label="Not yet packed">
                  ☐
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {kind === "invoice" ? (
        <dl className="ml-auto w-64 space-y-1">
          {amounts.map(([label, value]) => (
            <SummaryRow key={label} label={label}>
              {value < 0 ? `−${formatUsd(-value)}` : formatUsd(value)}
            </SummaryRow>
          ))}
          <SummaryRow label="Total" className="border-t pt-1 font-bold">
            {formatUsd(order.total_amount)}
          </SummaryRow>
        </dl>
      ) : (
        <p>
          Delivery: {order.delivery.label}. Boxes in all:{" "}
          {items.reduce((sum, item) => sum + (item.kind === "sample" ? 0 : item.quantity), 0)}.
        </p>
      )}
    </article>
  );
}

/**
 * Print buttons for the order panel. The chosen document is drawn outside the back office (a
 * portal into the body) and the print stylesheet shows only it; the browser's print dialog is
 * the preview, and its "Save as PDF" makes the PDF.
 */
export function OrderPrintButtons({ order }: { order: AdminOrder }) {
  const [printing, setPrinting] = useState<DocumentKind | null>(null);
  useEffect(() => {
    if (!printing) return;
    const done = () => setPrinting(null);
    window.addEventListener("afterprint", done);
    window.print();
    return () => window.removeEventListener("afterprint", done);
  }, [printing]);
  return (
    <div className="flex flex-wrap gap-2">
      {/* An installation payment packs nothing: its only document is the invoice. */}
      {(order.purpose === "installation"
        ? (["invoice"] as DocumentKind[])
        : (Object.keys(titles) as DocumentKind[])
      ).map((kind) => (
        <button key={kind} type="button" className="btn-outline" onClick={() => setPrinting(kind)}>
          Print {titles[kind].toLowerCase()}
        </button>
      ))}
      {printing
        ? createPortal(
            <div className="print-document">
              <OrderDocument order={order} kind={printing} />
            </div>,
            document.body,
          )
        : null}
    </div>
  );
}
