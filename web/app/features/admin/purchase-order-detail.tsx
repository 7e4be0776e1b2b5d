import { formatUsd } from "@mcf/contracts/money";
import type { PurchaseOrder } from "@mcf/contracts/purchasing";
import { purchaseOrderStatusLabels } from "@mcf/contracts/purchasing-options";
import { actorDisplayName } from "@mcf/contracts/staff";
import { type FormEvent, useState } from "react";
import { errorText } from "./admin-queries.ts";
import { useAdminSession } from "./admin-session.tsx";
import { ErrorLine } from "./error-line.tsx";
import { useToast } from "./toast.tsx";

/** Tailwind classes of a purchase order's status badge. */
export function purchaseOrderBadgeClass(status: PurchaseOrder["status"]): string {
  switch (status) {
    case "open":
      return "bg-sky-100 text-sky-900";
    case "partly_received":
      return "bg-amber-100 text-amber-900";
    case "received":
      return "bg-green-100 text-green-800";
    default:
      return "bg-stone-200 text-stone-700";
  }
}

type Receiving = Record<number, { boxes: string; lot_code: string }>;

/**
 * One purchase order: its lines, the receipt form (boxes and dye lot per line still to come) and
 * the cancel button. Each answer of the server replaces the order shown.
 */
export function PurchaseOrderDetail({
  order,
  onChanged,
  onClose,
}: {
  order: PurchaseOrder;
  onChanged: (order: PurchaseOrder) => void;
  onClose: () => void;
}) {
  const { request } = useAdminSession();
  const toast = useToast();
  const [receiving, setReceiving] = useState<Receiving>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const open = order.status === "open" || order.status === "partly_received";
  const field = (lineId: number, name: "boxes" | "lot_code") => ({
    value: receiving[lineId]?.[name] ?? "",
    onChange: (e: { target: { value: string } }) =>
      setReceiving((all) => ({
        ...all,
        [lineId]: { boxes: "", lot_code: "", ...all[lineId], [name]: e.target.value },
      })),
  });

  const act = async (path: string, body: unknown, done: (saved: PurchaseOrder) => string) => {
    setBusy(true);
    setError(null);
    try {
      const saved = await request<PurchaseOrder>(path, { method: "POST", body });
      setReceiving({});
      setConfirmCancel(false);
      onChanged(saved);
      toast(done(saved));
    } catch (e) {
      setError(errorText(e, "The purchase order could not be changed"));
    } finally {
      setBusy(false);
    }
  };

  const receive = (event: FormEvent) => {
    event.preventDefault();
    const lines = order.lines.flatMap((line) => {
      const entry = receiving[line.id];
      const boxes = Number(entry?.boxes ?? "");
      return entry && boxes > 0
        ? [{ line_id: line.id, boxes, lot_code: entry.lot_code.trim() || null }]
        : [];
    });
    if (lines.length === 0) {
      setError("Enter the boxes that arrived on at least one line.");
      return;
    }
    const boxes = lines.reduce((sum, line) => sum + line.boxes, 0);
    void act(
      `/api/admin/purchase-orders/${order.id}/receipts`,
      { lines },
      (saved) => `${boxes} ${boxes === 1 ? "box" : "boxes"} received on ${saved.number}`,
    );
  };

  return (
    <section
      aria-label={`Purchase order ${order.number}`}
      className="space-y-4 rounded-lg border border-stone-200 bg-white p-4 shadow-sm"
    >
      <div className="flex items-start justify-between gap-2">
        <div>
          <h3 className="font-sans text-lg font-semibold text-navy-800">
            {order.number} · {order.vendor}
          </h3>
          <p className="text-sm text-stone-600">
            Expected {order.expected_date ?? "date not set"} · created by{" "}
            {actorDisplayName(order.created_by)}
          </p>
        </div>
        <span
          className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${purchaseOrderBadgeClass(order.status)}`}
        >
          {purchaseOrderStatusLabels[order.status]}
        </span>
      </div>
      {order.notes ? <p className="text-sm whitespace-pre-line">{order.notes}</p> : null}
      <form onSubmit={receive} aria-label="Receive boxes" className="space-y-3">
        <ul className="divide-y divide-stone-200 rounded-md border border-stone-200">
          {order.lines.map((line) => (
            <li key={line.id} className="space-y-2 p-3">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="font-semibold">{line.product_name}</span>
                <span className="text-sm text-stone-600 tabular-nums">
                  {line.boxes_received} of {line.boxes_ordered} received ·{" "}
                  {formatUsd(line.cost_per_box)} a box
                </span>
              </div>
              {open && line.boxes_remaining > 0 && line.product_id !== null ? (
                <div className="grid grid-cols-2 items-end gap-3">
                  <label className="block">
                    <span className="field-label">
                      Boxes arrived ({line.boxes_remaining} to come)
                    </span>
                    <input
                      className="field-input py-1.5"
                      type="number"
                      min={0}
                      step={1}
                      aria-label={`Boxes of ${line.product_name} arrived`}
                      {...field(line.id, "boxes")}
                    />
                  </label>
                  <label className="block">
                    <span className="field-label">Dye lot code</span>
                    <input
                      className="field-input py-1.5 font-mono"
                      aria-label={`Dye lot of ${line.product_name}`}
                      {...field(line.id, "lot_code")}
                    />
                  </label>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
        <p className="text-sm text-stone-600 tabular-nums">
          {order.boxes_received} of {order.boxes_ordered} boxes received · total{" "}
          {formatUsd(order.total_cost)}
        </p>
        <ErrorLine message={error} />
        <div className="flex flex-wrap gap-2">
          {open ? (
            <button type="submit" className="btn-primary py-2" disabled={busy}>
              {busy ? "Saving…" : "Receive boxes"}
            </button>
          ) : null}
          {open && !confirmCancel ? (
            <button
              type="button"
              className="btn-outline py-2"
              onClick={() => setConfirmCancel(true)}
            >
              Cancel purchase order
            </button>
          ) : null}
          {open && confirmCancel ? (
            <button
              type="button"
              className="btn-outline border-red-700 py-2 text-red-700"
              disabled={busy}
              onClick={() =>
                void act(
                  `/api/admin/purchase-orders/${order.id}/cancel`,
                  undefined,
                  (saved) => `Purchase order ${saved.number} cancelled`,
                )
              }
            >
              Yes, cancel {order.number}
            </button>
          ) : null}
          <button type="button" className="btn-outline py-2" onClick={onClose}>
            Close
          </button>
        </div>
      </form>
    </section>
  );
}
