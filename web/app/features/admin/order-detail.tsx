import type { AdminOrder, AuditEntry } from "@mcf/contracts/admin";
import { orderStatuses, shippingCarriers } from "@mcf/contracts/orders-options";
import { type FormEvent, useEffect, useState } from "react";
import { isAbortError } from "../../lib/api.ts";
import { capitalize, money } from "./admin-format.ts";
import { useAdminSession } from "./admin-session.tsx";
import { formatShopTime, isoToShopInput, shopInputToIso } from "./birmingham-time.ts";
import { StatusBadge } from "./orders-tab.tsx";
import { useToast } from "./toast.tsx";

interface OrderAction {
  order: AdminOrder;
  email_queued: boolean;
}

function Address({
  title,
  address,
}: {
  title: string;
  address: AdminOrder["billing_address"] | null;
}) {
  return (
    <div>
      <h4 className="text-xs font-semibold tracking-wide text-stone-600 uppercase">{title}</h4>
      {address ? (
        <p className="text-sm leading-snug">
          {address.street}
          <br />
          {address.city}, {address.state} {address.zip_code}
          <br />
          {address.country}
        </p>
      ) : (
        <p className="text-sm text-stone-600">Same as billing</p>
      )}
    </div>
  );
}

/** The order panel: customer, items, amounts, status change, shipping form and email buttons. */
export function OrderDetail({
  orderId,
  onClose,
  onChanged,
}: {
  orderId: string;
  onClose: () => void;
  onChanged: (order: AdminOrder) => void;
}) {
  const { request } = useAdminSession();
  const toast = useToast();
  const [order, setOrder] = useState<AdminOrder | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [history, setHistory] = useState<AuditEntry[]>([]);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState("");
  const [statusEmail, setStatusEmail] = useState(false);
  const [carrier, setCarrier] = useState("");
  const [trackingNumber, setTrackingNumber] = useState("");
  const [shippedAt, setShippedAt] = useState("");
  const [notes, setNotes] = useState("");
  const [markShipped, setMarkShipped] = useState(false);
  const [sendEmail, setSendEmail] = useState(false);

  const show = (next: AdminOrder) => {
    setOrder(next);
    setStatus(next.status);
    setCarrier(next.shipping_carrier ?? "");
    setTrackingNumber(next.tracking_number ?? "");
    setShippedAt(isoToShopInput(next.shipped_at));
    setNotes(next.shipping_notes ?? "");
  };

  const loadHistory = (signal?: AbortSignal) =>
    request<{ entries: AuditEntry[] }>(
      `/api/admin/audit?entity_type=order&entity_id=${orderId}&limit=20`,
      { signal },
    )
      .then((data) => setHistory(data.entries))
      .catch(() => {});

  useEffect(() => {
    const controller = new AbortController();
    setOrder(null);
    setError(null);
    setMarkShipped(false);
    setSendEmail(false);
    request<AdminOrder>(`/api/admin/orders/${orderId}`, { signal: controller.signal })
      .then(show)
      .catch((e) => {
        if (!isAbortError(e)) setError(e instanceof Error ? e.message : "Could not load the order");
      });
    void loadHistory(controller.signal);
    return () => controller.abort();
  }, [orderId, request]);

  const applied = (result: OrderAction) => {
    show(result.order);
    onChanged(result.order);
    void loadHistory();
  };

  const updateStatus = async () => {
    setBusy(true);
    const emailing = status === "shipped" && statusEmail;
    try {
      const result = await request<OrderAction>(`/api/admin/orders/${orderId}/status`, {
        method: "PATCH",
        body: { status, send_email: emailing },
      });
      applied(result);
      toast(emailing ? "Order updated — Email Sent!" : "Order updated");
      setStatusEmail(false);
    } catch {
      toast("Failed to update order", "error");
    } finally {
      setBusy(false);
    }
  };

  const saveShipping = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const result = await request<OrderAction>(`/api/admin/orders/${orderId}/shipping`, {
        method: "POST",
        body: {
          shipping_carrier: carrier || null,
          tracking_number: trackingNumber.trim() || null,
          shipped_at: shopInputToIso(shippedAt),
          shipping_notes: notes.trim() || null,
          mark_shipped: markShipped,
          send_email: sendEmail,
        },
      });
      applied(result);
      toast(sendEmail ? "Shipping updated — Email Sent!" : "Shipping updated");
      setMarkShipped(false);
      setSendEmail(false);
    } catch {
      toast("Failed to update shipping", "error");
    } finally {
      setBusy(false);
    }
  };

  const sendMail = async (path: string, failure: string) => {
    setBusy(true);
    try {
      applied(
        await request<OrderAction>(`/api/admin/orders/${orderId}/${path}`, { method: "POST" }),
      );
      toast("Order Updated! Email Sent!");
    } catch {
      toast(failure, "error");
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="rounded-lg border border-stone-200 bg-white shadow-sm">
      <div className="flex items-center justify-between border-b border-stone-200 bg-navy-800 px-4 py-3 text-white">
        <h3 className="font-sans text-base font-semibold text-white">
          {order ? `Order ${order.friendly_order_id}` : "Order"}
        </h3>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close order details"
          className="rounded px-2 text-2xl leading-none text-white/80 hover:bg-white/10 hover:text-white"
        >
          ×
        </button>
      </div>
      {error ? <p className="m-4 rounded bg-red-50 p-3 text-sm text-red-800">{error}</p> : null}
      {!order && !error ? <p className="p-4 text-sm text-stone-600">Loading…</p> : null}
      {order ? (
        <div className="max-h-[calc(100vh-12rem)] space-y-5 overflow-auto p-4">
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <StatusBadge status={order.status} />
            <span className="rounded-full bg-stone-100 px-2.5 py-0.5 text-xs font-semibold">
              Payment: {capitalize(order.payment_status)}
            </span>
            <span className="text-stone-600">Placed {formatShopTime(order.created_at)}</span>
          </div>
          {order.needs_attention ? (
            <p className="rounded border border-brick-600/40 bg-red-50 p-3 text-sm text-red-900">
              Paid after its stock reservation expired and stock ran short: check stock before
              shipping.
            </p>
          ) : null}

          <section className="grid grid-cols-2 gap-4">
            <div className="col-span-2">
              <h4 className="text-xs font-semibold tracking-wide text-stone-600 uppercase">
                Customer
              </h4>
              <p className="text-sm font-medium">{order.customer_name}</p>
              <p className="text-sm">
                <a className="text-oak-700 underline" href={`mailto:${order.customer_email}`}>
                  {order.customer_email}
                </a>{" "}
                · {order.customer_phone}
              </p>
            </div>
            <Address title="Billing address" address={order.billing_address} />
            <Address title="Shipping address" address={order.shipping_address} />
          </section>

          <section>
            <h4 className="mb-1 text-xs font-semibold tracking-wide text-stone-600 uppercase">
              Items
            </h4>
            <table className="w-full text-sm">
              <tbody>
                {(order.items ?? []).map((item, index) => (
                  <tr key={`${item.product_name}-${index}`} className="border-b border-stone-100">
                    <td className="py-1.5 pr-2">
                      {item.product_name}
                      {item.sku ? (
                        <span className="ml-1 text-xs text-stone-600">({item.sku})</span>
                      ) : null}
                    </td>
                    <td className="py-1.5 pr-2 text-right whitespace-nowrap text-stone-600 tabular-nums">
                      × {item.quantity}
                    </td>
                    <td className="py-1.5 text-right tabular-nums">{money(item.total_price)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-0.5 text-sm tabular-nums">
              <dt className="text-stone-600">Subtotal</dt>
              <dd className="text-right">{money(order.subtotal)}</dd>
              {order.discount_amount > 0 ? (
                <>
                  <dt className="text-stone-600">
                    Discount {order.coupon_code ? `(${order.coupon_code})` : ""}
                  </dt>
                  <dd className="text-right">-{money(order.discount_amount)}</dd>
                </>
              ) : null}
              <dt className="text-stone-600">Shipping</dt>
              <dd className="text-right">{money(order.shipping_cost)}</dd>
              <dt className="text-stone-600">Tax</dt>
              <dd className="text-right">{money(order.tax_amount)}</dd>
              <dt className="font-semibold">Total</dt>
              <dd className="text-right font-semibold">{money(order.total_amount)}</dd>
            </dl>
          </section>

          <section className="rounded-md border border-stone-200 p-3">
            <h4 className="mb-2 text-sm font-semibold text-navy-800">Status</h4>
            <div className="flex flex-wrap items-end gap-2">
              <label className="grow">
                <span className="sr-only">Order status</span>
                <select
                  className="field-input py-1.5"
                  value={status}
                  onChange={(e) => setStatus(e.target.value)}
                  aria-label="Order status"
                >
                  {orderStatuses.map((s) => (
                    <option key={s} value={s}>
                      {capitalize(s)}
                    </option>
                  ))}
                </select>
              </label>
              <button
                type="button"
                className="btn-dark py-2"
                disabled={busy || status === order.status}
                onClick={updateStatus}
              >
                Update Status
              </button>
            </div>
            {status === "shipped" && order.status !== "shipped" ? (
              <label className="mt-2 flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={statusEmail}
                  onChange={(e) => setStatusEmail(e.target.checked)}
                />
                Email the customer that it shipped
              </label>
            ) : null}
          </section>

          <form
            onSubmit={saveShipping}
            className="space-y-3 rounded-md border border-stone-200 p-3"
          >
            <h4 className="text-sm font-semibold text-navy-800">Shipping</h4>
            <div className="grid gap-3 sm:grid-cols-2">
              <label className="block">
                <span className="field-label">Carrier / Method</span>
                <select
                  className="field-input py-1.5"
                  value={carrier}
                  onChange={(e) => setCarrier(e.target.value)}
                >
                  <option value="">Not set</option>
                  {shippingCarriers.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </select>
              </label>
              <label className="block">
                <span className="field-label">Tracking #</span>
                <input
                  className="field-input py-1.5"
                  value={trackingNumber}
                  onChange={(e) => setTrackingNumber(e.target.value)}
                />
              </label>
              <label className="block sm:col-span-2">
                <span className="field-label">Shipped at (Birmingham time)</span>
                <input
                  type="datetime-local"
                  className="field-input py-1.5"
                  value={shippedAt}
                  onChange={(e) => setShippedAt(e.target.value)}
                />
              </label>
              <label className="block sm:col-span-2">
                <span className="field-label">Notes</span>
                <textarea
                  className="field-input py-1.5"
                  rows={2}
                  value={notes}
                  onChange={(e) => setNotes(e.target.value)}
                />
              </label>
            </div>
            {order.tracking_url ? (
              <p className="text-sm">
                <a
                  className="text-oak-700 underline"
                  href={order.tracking_url}
                  target="_blank"
                  rel="noreferrer"
                >
                  Open carrier tracking
                </a>
              </p>
            ) : null}
            <div className="flex flex-wrap gap-4 text-sm">
              <label className="flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={markShipped}
                  onChange={(e) => setMarkShipped(e.target.checked)}
                />
                Mark as shipped
              </label>
              <label className="flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={sendEmail}
                  onChange={(e) => setSendEmail(e.target.checked)}
                />
                Send shipped email
              </label>
            </div>
            <div className="flex flex-wrap gap-2 border-t border-stone-100 pt-3">
              <button type="submit" className="btn-primary py-2" disabled={busy}>
                Save Shipping
              </button>
              <button
                type="button"
                className="btn-outline py-2"
                disabled={busy}
                onClick={() => sendMail("resend-confirmation", "Failed to send confirmation email")}
              >
                Resend Confirmation
              </button>
              <button
                type="button"
                className="btn-outline py-2"
                disabled={busy}
                onClick={() => sendMail("send-shipped-email", "Failed to send shipped email")}
              >
                Send Shipped Email
              </button>
            </div>
          </form>

          {history.length > 0 ? (
            <section>
              <h4 className="mb-1 text-xs font-semibold tracking-wide text-stone-600 uppercase">
                History
              </h4>
              <ul className="space-y-1 text-xs text-stone-600">
                {history.map((entry) => (
                  <li key={entry.id}>
                    <span className="tabular-nums">{formatShopTime(entry.created_at)}</span> ·{" "}
                    {describeAudit(entry)}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

function describeAudit(entry: AuditEntry): string {
  const after = (entry.after ?? {}) as Record<string, unknown>;
  switch (entry.action) {
    case "order.status":
      return `Status set to ${String(after.status)}${after.stock_returned ? " (stock returned)" : ""}`;
    case "order.shipping":
      return `Shipping saved${after.tracking_number ? `: ${String(after.shipping_carrier ?? "")} ${String(after.tracking_number)}` : ""}`;
    case "order.send_shipped_email":
      return "Shipped email sent";
    case "order.resend_confirmation":
      return "Confirmation email sent again";
    default:
      return entry.action;
  }
}
