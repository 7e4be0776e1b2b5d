import type { AdminOrder } from "@mcf/contracts/admin";
import type { OrderLineLotChoice, OrderLineLotChoices } from "@mcf/contracts/lots";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { errorText, useAdminQuery } from "./admin-queries.ts";
import { orderLineLotsKey, orderLinesLotsKey } from "./admin-query-keys.ts";
import { useAdminSession } from "./admin-session.tsx";
import { useToast } from "./toast.tsx";
import { useShowSavedOrder } from "./use-order-actions.ts";

type OrderLine = NonNullable<AdminOrder["items"]>[number];

const boxes = (count: number) => `${count} ${count === 1 ? "box" : "boxes"}`;

function choiceLabel(lot: OrderLineLotChoice, quantity: number): string {
  if (lot.current) return `${lot.lot_code}: this line's lot (${boxes(lot.boxes_left)} left)`;
  if (!lot.covers_line)
    return `${lot.lot_code}: ${boxes(lot.boxes_left)} left, too few for ${quantity}`;
  return `${lot.lot_code}: ${boxes(lot.boxes_left)} left`;
}

/** The id of a line's "Change lot" button, so closing its form can give it the focus back. */
export const lotToggleId = (line: OrderLine) => `lot-toggle-${line.order_item_id}`;
/** The id of a line's lot form, named by its button's aria-controls. */
const lotFormId = (line: OrderLine) => `lot-form-${line.order_item_id}`;

/**
 * "Change lot" on a box line of the order panel ("Choose one lot" when no single lot covered it,
 * "Choose a lot" when it came from none): opens the line's lot form (`OrderLineLotForm`), shown under the line at full width.
 */
export function OrderLineLotToggle({
  line,
  open,
  onToggle,
}: {
  line: OrderLine;
  open: boolean;
  onToggle: () => void;
}) {
  return (
    <button
      id={lotToggleId(line)}
      type="button"
      className="mt-1 block text-xs font-semibold text-oak-700 underline-offset-2 hover:underline"
      aria-expanded={open}
      aria-controls={open ? lotFormId(line) : undefined}
      onClick={onToggle}
    >
      {line.lot_warning ? "Choose one lot" : line.lot_code ? "Change lot" : "Choose a lot"}
      <span className="sr-only"> for {line.product_name}</span>
    </button>
  );
}

/**
 * The lot form of a line: staff packing the order take all the line's boxes from another lot of
 * the product (the customer asked for the lot of an earlier purchase, or no single lot covered
 * the line). Lots too small for the line are listed but cannot be chosen; the server checks
 * again under its locks, and its refusal shows here. Escape or Cancel closes it (`onDone`).
 */
export function OrderLineLotForm({
  orderId,
  line,
  onDone,
}: {
  orderId: string;
  line: OrderLine;
  onDone: () => void;
}) {
  const { request } = useAdminSession();
  const client = useQueryClient();
  const toast = useToast();
  const showSaved = useShowSavedOrder(orderId);
  const choices = useAdminQuery<OrderLineLotChoices>(
    orderLineLotsKey(orderId, line.order_item_id),
    `/api/admin/orders/${orderId}/items/${line.order_item_id}/lots`,
  );
  const [picked, setPicked] = useState<number | null>(null);
  const select = useRef<HTMLSelectElement>(null);
  const lots = choices.data?.lots ?? [];
  // Until staff pick one: the line's own lot, else the first that can give the whole line.
  const selected =
    picked ?? (lots.find((lot) => lot.current) ?? lots.find((lot) => lot.covers_line))?.lot_id;
  const chosen = lots.find((lot) => lot.lot_id === selected);
  const move = useMutation({
    mutationFn: (lotId: number) =>
      request<{ order: AdminOrder }>(
        `/api/admin/orders/${orderId}/items/${line.order_item_id}/lot`,
        { method: "PUT", body: { lot_id: lotId } },
      ),
    onSuccess: ({ order }) => {
      showSaved(order);
      // Every line's lots: another line of the product may fit a lot it did not before.
      void client.invalidateQueries({ queryKey: orderLinesLotsKey(orderId) });
      toast(`${line.product_name}: all ${boxes(line.quantity)} from lot ${chosen?.lot_code ?? ""}`);
      onDone();
    },
  });
  const hasChoices = lots.length > 0;
  useEffect(() => {
    if (hasChoices) select.current?.focus();
  }, [hasChoices]);
  const cancelOnEscape = (event: KeyboardEvent) => {
    if (event.key !== "Escape") return;
    event.stopPropagation();
    onDone();
  };
  const id = lotFormId(line);
  const labelId = `${id}-label`;

  return (
    <form
      id={id}
      aria-labelledby={labelId}
      className="mb-2 space-y-2 rounded-md border border-stone-200 bg-stone-50 p-2"
      onKeyDown={cancelOnEscape}
      onSubmit={(event) => {
        event.preventDefault();
        if (selected !== undefined && !chosen?.current) move.mutate(selected);
      }}
    >
      <p id={labelId} className="text-xs font-semibold text-stone-700">
        Take all {boxes(line.quantity)} from one lot
      </p>
      {choices.isPending ? <p className="text-xs text-stone-600">Loading lots…</p> : null}
      {choices.isError ? (
        <p role="alert" className="text-xs text-red-700">
          {errorText(choices.error, "Could not load the lots")}
        </p>
      ) : null}
      {choices.data && !hasChoices ? (
        <p className="text-xs text-stone-600">No dye lots are recorded for this product.</p>
      ) : null}
      {hasChoices ? (
        <label className="block text-xs text-stone-700">
          Dye lot
          <select
            ref={select}
            className="field-input mt-0.5 py-1.5 text-sm"
            value={selected ?? ""}
            onChange={(event) => {
              setPicked(Number(event.target.value));
              move.reset();
            }}
          >
            {selected === undefined ? <option value="">No lot can give all of them</option> : null}
            {lots.map((lot) => (
              <option
                key={lot.lot_id}
                value={lot.lot_id}
                disabled={!lot.covers_line && !lot.current}
              >
                {choiceLabel(lot, line.quantity)}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {move.isError ? (
        <p role="alert" className="text-xs text-red-700">
          {errorText(move.error, "Could not change the lot")}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {hasChoices ? (
          <button
            type="submit"
            className="btn-dark px-3 py-1 text-xs"
            disabled={move.isPending || selected === undefined || chosen?.current}
          >
            {move.isPending ? "Moving…" : "Move boxes to this lot"}
          </button>
        ) : null}
        <button type="button" className="btn-outline px-3 py-1 text-xs" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
