import { type OrderStatus, orderStatuses } from "@mcf/contracts/orders";
import type { OrderRow } from "../../db/schema/orders.ts";
import { conflict } from "../../errors.ts";

/** What a change does to the order's boxes (the stock module keeps the numbers and ledger). */
type StockEffect =
  /** Reserved boxes become allocated; released ones are taken again (or the order is flagged). */
  | "commit"
  /** Boxes the order still holds are released to be sold again, once; on hand does not move. */
  | "return"
  /**
   * The boxes leave the building, once: off on hand and off what the order held. An order that
   * held none (cancelled) takes them from what is available, or is refused with 409.
   */
  | "ship"
  /** An order that gave its boxes back (cancelled) takes them again, once, or is refused (409). */
  | "take"
  | "none";

interface Transition {
  /** Where the order goes from each status; a status missing here refuses the change (409). */
  from: Partial<Record<OrderStatus, OrderStatus>>;
  stock: StockEffect;
  /**
   * What the change does to the customer's money: "charge" records their payment in the ledger;
   * "refund" gives back all they paid and have not had back, through the provider that took it,
   * emails them (always, whatever staff chose about emails) and audits the refund with the staff
   * member.
   */
  money: "charge" | "refund" | null;
  /** The email the change queues: automatically, or when staff ask for it. */
  email: "order-confirmation" | "order-shipped when asked" | null;
  /** The audit log action written in the same transaction; payment events are not audited. */
  audit: "order.status" | "order.shipping" | "order.picked_up" | null;
  /** Whether the change stamps shipped_at when it is empty. */
  stampsShippedAt: boolean;
  /** Shown when the change is refused. */
  refusal?: string;
}

const every = (to: OrderStatus): Record<OrderStatus, OrderStatus> =>
  Object.fromEntries(orderStatuses.map((status) => [status, to])) as Record<
    OrderStatus,
    OrderStatus
  >;

/**
 * Every way an order's status changes, in one table. Payment events move orders on their own;
 * staff may set any of the five statuses from any other in the back office (reopen, ship,
 * markDelivered, cancel), while the shipping form's "mark shipped" is stricter: a delivered order
 * stays delivered and a cancelled one is refused.
 */
export const orderTransitions = {
  /** The payment provider reports the payment (exactly once per order). */
  markPaid: {
    from: { ...every("processing"), shipped: "shipped", delivered: "delivered" },
    money: "charge",
    stock: "commit",
    email: "order-confirmation",
    audit: null,
    stampsShippedAt: false,
  },
  /** The payment ends unpaid: declined, expired, or the shopper cancelled. */
  cancelUnpaid: {
    from: every("cancelled"),
    money: null,
    stock: "return",
    email: null,
    audit: null,
    stampsShippedAt: false,
  },
  /** The shipping form's "mark shipped". */
  markShipped: {
    from: { pending: "shipped", processing: "shipped", shipped: "shipped", delivered: "delivered" },
    money: null,
    stock: "ship",
    email: "order-shipped when asked",
    audit: "order.shipping",
    stampsShippedAt: true,
    refusal: "A cancelled order cannot be marked as shipped",
  },
  /** Staff set "shipped". */
  ship: {
    from: every("shipped"),
    money: null,
    stock: "ship",
    email: "order-shipped when asked",
    audit: "order.status",
    stampsShippedAt: true,
  },
  /**
   * Staff record that the customer collected a pickup order at the showroom: the boxes leave the
   * building as shipping takes them (once), and the order is delivered.
   */
  pickUp: {
    from: {
      pending: "delivered",
      processing: "delivered",
      shipped: "delivered",
      delivered: "delivered",
    },
    money: null,
    stock: "ship",
    email: null,
    audit: "order.picked_up",
    stampsShippedAt: false,
    refusal: "A cancelled order cannot be picked up. Set it back to processing first.",
  },
  /** Staff set "delivered". */
  markDelivered: {
    from: every("delivered"),
    money: null,
    stock: "ship",
    email: null,
    audit: "order.status",
    stampsShippedAt: false,
  },
  /**
   * Staff set "cancelled": the allocation (or reservation) is released, on hand untouched.
   * Setting any other status later takes the boxes again, once, or is refused when they are gone.
   */
  cancel: {
    from: every("cancelled"),
    money: "refund",
    stock: "return",
    email: null,
    audit: "order.status",
    stampsShippedAt: false,
  },
  /** Staff set "pending". */
  reopenPending: {
    from: every("pending"),
    money: null,
    stock: "take",
    email: null,
    audit: "order.status",
    stampsShippedAt: false,
  },
  /** Staff set "processing". */
  reopenProcessing: {
    from: every("processing"),
    money: null,
    stock: "take",
    email: null,
    audit: "order.status",
    stampsShippedAt: false,
  },
} satisfies Record<string, Transition>;

export type OrderEvent = keyof typeof orderTransitions;

/** The event behind each status staff can choose in the back office. */
export const staffStatusEvents = {
  pending: "reopenPending",
  processing: "reopenProcessing",
  shipped: "ship",
  delivered: "markDelivered",
  cancelled: "cancel",
} as const satisfies Record<OrderStatus, OrderEvent>;

/** The rule of one event. */
export function transitionOf(event: OrderEvent): Transition {
  return orderTransitions[event];
}

/** Where `event` takes an order in status `current`. Throws 409 when the table refuses it. */
export function nextStatus(event: OrderEvent, current: OrderStatus): OrderStatus {
  const rule: Transition = orderTransitions[event];
  const next = rule.from[current];
  if (!next) throw conflict(rule.refusal ?? `An order that is ${current} cannot change that way`);
  return next;
}

/** The order fields the rules about its boxes read. */
type BoxesOfOrder = Pick<OrderRow, "status" | "stock_status" | "shipped_at">;

/**
 * Whether an order still holds boxes in the building (reserved or allocated to it): they were
 * neither released (cancelled, payment expired) nor shipped.
 */
export function holdsStock(order: BoxesOfOrder): boolean {
  return order.stock_status === "reserved" || order.stock_status === "committed";
}

/**
 * Why staff can no longer move an order's boxes to another dye lot, or null while they can: only
 * boxes the order still holds in the warehouse can change lot. Once they shipped, the lot they
 * left from is history; once they went back on the shelf (cancelled, payment expired), the order
 * holds no boxes to move.
 */
export function lotChangeRefusal(order: BoxesOfOrder): string | null {
  if (
    order.stock_status === "shipped" ||
    order.status === "shipped" ||
    order.status === "delivered" ||
    order.shipped_at
  )
    return "This order has shipped: its boxes left the warehouse, so their dye lot can no longer change.";
  if (holdsStock(order) && order.status !== "cancelled") return null;
  return "This order no longer holds its boxes (it was cancelled or its payment expired), so there is no dye lot to change.";
}

const refundedReopenRefusal =
  "This order was cancelled and its payment refunded, so it cannot be reopened or shipped. Place a new order for the customer instead.";

/** What one move from the back office's status select does, all of it. */
export interface StatusMove {
  /** The order event behind the move: its rule in orderTransitions (audit, shipped date). */
  event: OrderEvent;
  stock: StockEffect;
  money: Transition["money"];
  /**
   * Refused (409) with this message when the customer's money for the order all went back to
   * them: once refunded, reopening or shipping a cancelled order would hand over goods nobody
   * pays for. Null: never refused.
   */
  refusalWhenRefunded: string | null;
  email: Transition["email"];
}

type StatusMoveKey = `${OrderStatus}->${OrderStatus}`;

function statusMoveOf(from: OrderStatus, to: OrderStatus): StatusMove {
  const event = staffStatusEvents[to];
  const rule: Transition = orderTransitions[event];
  return {
    event,
    stock: rule.stock,
    money: rule.money,
    refusalWhenRefunded: from === "cancelled" && to !== "cancelled" ? refundedReopenRefusal : null,
    email: rule.email,
  };
}

/**
 * Every move staff can make from the status select, keyed by (from, to): its stock effect,
 * money effect, refusal and email in one table. Staff may set any of the five statuses from any
 * other; only leaving cancelled after a refund is refused.
 */
export const statusMoves = Object.fromEntries(
  orderStatuses.flatMap((from) =>
    orderStatuses.map((to) => [`${from}->${to}`, statusMoveOf(from, to)] as const),
  ),
) as Record<StatusMoveKey, StatusMove>;

/** The move from `from` to `to` (see statusMoves). */
export function statusMove(from: OrderStatus, to: OrderStatus): StatusMove {
  return statusMoves[`${from}->${to}`];
}

/**
 * Why an order may not leave its status for another staff might pick, or null when it may (see
 * `refusalWhenRefunded`): what the back office shows before staff try.
 */
export function reopenRefusal(order: Pick<OrderRow, "status">, refunded: boolean): string | null {
  if (!refunded) return null;
  const refusals = orderStatuses.map((to) => statusMove(order.status, to).refusalWhenRefunded);
  return refusals.find((refusal) => refusal !== null) ?? null;
}
