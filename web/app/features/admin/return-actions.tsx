import { formatUsd } from "@mcf/contracts/money";
import { refundDestination } from "@mcf/contracts/refund-wording";
import type { AdminReturn } from "@mcf/contracts/returns";
import { type FormEvent, useState } from "react";

/** Sends one step of a return; resolves true when the server took it. */
export type ReturnStep = (
  item: AdminReturn,
  step: "approve" | "receive" | "refund" | "decline",
  body: unknown,
  done: string,
) => Promise<boolean>;

interface ActionProps {
  item: AdminReturn;
  busy: boolean;
  send: ReturnStep;
}

/** A requested return: approve it with the instructions the customer is emailed, or decline. */
export function ApproveReturnForm({ item, busy, send }: ActionProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const instructions = String(new FormData(event.currentTarget).get("instructions") ?? "");
    void send(item, "approve", { instructions }, "Return approved: instructions emailed");
  };
  return (
    <form onSubmit={submit} className="space-y-2 pt-1" aria-label={`Approve return ${item.id}`}>
      <label htmlFor={`return-instructions-${item.id}`} className="field-label">
        Return instructions (emailed to the customer)
      </label>
      <textarea
        id={`return-instructions-${item.id}`}
        name="instructions"
        rows={3}
        required
        minLength={3}
        placeholder="A prepaid label, or where and when to drop the boxes off"
        className="field-input"
      />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary py-1.5" disabled={busy}>
          Approve &amp; Email Instructions
        </button>
        <DeclineButton item={item} busy={busy} send={send} />
      </div>
    </form>
  );
}

export function DeclineButton({ item, busy, send }: ActionProps) {
  return (
    <button
      type="button"
      className="btn-outline py-1.5"
      disabled={busy}
      onClick={() => send(item, "decline", {}, "Return declined")}
    >
      Decline
    </button>
  );
}

/** An approved return: per line still out, how many boxes came back sellable or damaged. */
export function ReceiveReturnForm({ item, busy, send }: ActionProps) {
  const open = item.lines.filter((line) => line.received === null);
  const [counts, setCounts] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      open.map((line) => [`${line.order_item_id}:restocked`, String(line.quantity)]),
    ),
  );
  const field = (id: number, kind: "restocked" | "written_off") => `${id}:${kind}`;
  const count = (id: number, kind: "restocked" | "written_off") =>
    Number(counts[field(id, kind)] || 0);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const lines = open.map((line) => ({
      order_item_id: line.order_item_id,
      restocked: count(line.order_item_id, "restocked"),
      written_off: count(line.order_item_id, "written_off"),
    }));
    void send(item, "receive", { lines }, "Boxes received");
  };
  if (open.length === 0) return null;
  return (
    <form onSubmit={submit} className="space-y-2 pt-1" aria-label={`Receive return ${item.id}`}>
      <p className="text-xs font-semibold tracking-wide text-stone-600 uppercase">Boxes received</p>
      {open.map((line) => {
        const total =
          count(line.order_item_id, "restocked") + count(line.order_item_id, "written_off");
        return (
          <fieldset key={line.order_item_id} className="rounded border border-stone-200 p-2">
            <legend className="px-1 text-sm">
              {line.product_name}: {line.quantity} asked back
            </legend>
            <div className="flex flex-wrap gap-3">
              {(["restocked", "written_off"] as const).map((kind) => (
                <label key={kind} className="flex items-center gap-2 text-sm">
                  {kind === "restocked" ? "Back to stock" : "Written off (damaged)"}
                  <input
                    type="number"
                    min={0}
                    max={line.quantity}
                    step={1}
                    value={counts[field(line.order_item_id, kind)] ?? ""}
                    placeholder="0"
                    onChange={(e) =>
                      setCounts((current) => ({
                        ...current,
                        [field(line.order_item_id, kind)]: e.target.value,
                      }))
                    }
                    className="field-input w-20 py-1"
                  />
                </label>
              ))}
            </div>
            {total > line.quantity ? (
              <p role="alert" className="pt-1 text-sm text-red-800">
                At most {line.quantity} {line.quantity === 1 ? "box" : "boxes"} can be recorded.
              </p>
            ) : null}
          </fieldset>
        );
      })}
      <button
        type="submit"
        className="btn-primary py-1.5"
        disabled={
          busy ||
          open.some(
            (line) =>
              count(line.order_item_id, "restocked") + count(line.order_item_id, "written_off") >
              line.quantity,
          )
        }
      >
        Record Received Boxes
      </button>
    </form>
  );
}

/**
 * The refund, said in full before it happens. A received return is refunded after a confirm; an
 * approved one only "before receipt", with the reason staff give.
 */
export function RefundReturnForm({
  item,
  busy,
  send,
  provider,
}: ActionProps & { provider: string }) {
  const [confirming, setConfirming] = useState(false);
  const early = item.status === "approved";
  const amount = formatUsd(item.amounts.refund_total);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const reason = new FormData(event.currentTarget).get("before_receipt_reason");
    void send(
      item,
      "refund",
      early ? { before_receipt_reason: String(reason ?? "") } : {},
      `Refunded ${amount}`,
    );
  };
  if (!confirming)
    return (
      <button
        type="button"
        className={early ? "btn-outline py-1.5" : "btn-primary py-1.5"}
        disabled={busy}
        onClick={() => setConfirming(true)}
      >
        {early ? "Refund Before Receipt…" : `Refund ${amount}…`}
      </button>
    );
  return (
    <form
      onSubmit={submit}
      className="space-y-2 rounded-md border border-amber-500/50 bg-amber-50 p-2"
      aria-label={`Refund return ${item.id}`}
    >
      <p className="text-sm text-amber-950">
        This refunds <strong>{amount}</strong> to {refundDestination(provider)} and emails the
        customer.
        {early ? " The boxes have not come back: say why the refund cannot wait." : ""}
      </p>
      {early ? (
        <>
          <label htmlFor={`refund-reason-${item.id}`} className="field-label">
            Why refund before the boxes are received?
          </label>
          <textarea
            id={`refund-reason-${item.id}`}
            name="before_receipt_reason"
            rows={2}
            required
            minLength={3}
            className="field-input"
          />
        </>
      ) : null}
      <div className="flex gap-2">
        <button type="submit" className="btn-primary py-1.5" disabled={busy}>
          Confirm Refund of {amount}
        </button>
        <button
          type="button"
          className="btn-outline py-1.5"
          disabled={busy}
          onClick={() => setConfirming(false)}
        >
          Cancel
        </button>
      </div>
    </form>
  );
}
