import type { AdminOrder } from "@mcf/contracts/admin";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, type ApiRequestOptions } from "../../lib/api.ts";
import { useSingleFlight } from "../../lib/single-flight.ts";
import { useUpdateCachedList } from "./admin-queries.ts";
import { adminListKeys, orderHistoryKey, orderKey } from "./admin-query-keys.ts";
import { useAdminSession } from "./admin-session.tsx";
import { useToast } from "./toast.tsx";

/** What every order action answers: the saved order, and whether an email was queued. */
interface OrderAction {
  order: AdminOrder;
  email_queued: boolean;
}

export interface OrderActionCall {
  /** The path under /api/admin/orders/:id/. */
  path: string;
  method: "POST" | "PATCH";
  body?: ApiRequestOptions["body"];
  /** Toast texts: green on success, red on failure. */
  success: string;
  failure: string;
  /** Hears the server's reason for a refusal (the toast keeps the store's own words). */
  onRefused?: (reason: string | null) => void;
}

/** Shows an order the server saved in the panel and its list row, and reloads its history. */
export function useShowSavedOrder(orderId: string) {
  const client = useQueryClient();
  const updateList = useUpdateCachedList<AdminOrder>(adminListKeys.orders);
  return (order: AdminOrder) => {
    client.setQueryData(orderKey(orderId), order);
    updateList((rows) =>
      rows.map((row) => (row.order_id === order.order_id ? { ...row, ...order } : row)),
    );
    void client.invalidateQueries({ queryKey: orderHistoryKey(orderId) });
  };
}

/**
 * The order panel's actions (status, shipping, emails): one at a time (`busy` covers them all;
 * a call made while another is in flight is dropped and resolves false).
 * A success shows the saved order in the panel and its list row, reloads its history and shows
 * the success toast; `run` resolves to whether it succeeded.
 */
export function useOrderActions(orderId: string) {
  const { request } = useAdminSession();
  const toast = useToast();
  const showSaved = useShowSavedOrder(orderId);
  const mutation = useMutation({
    mutationFn: ({ path, method, body }: OrderActionCall) =>
      request<OrderAction>(`/api/admin/orders/${orderId}/${path}`, { method, body }),
    onSuccess: ({ order }) => showSaved(order),
  });
  const once = useSingleFlight();
  const run = async (call: OrderActionCall): Promise<boolean> =>
    (await once(async () => {
      try {
        await mutation.mutateAsync(call);
        call.onRefused?.(null);
        toast(call.success);
        return true;
      } catch (error) {
        toast(call.failure, "error");
        call.onRefused?.(error instanceof ApiError && error.status === 422 ? error.detail : null);
        return false;
      }
    })) ?? false;
  return { run, busy: mutation.isPending };
}

export type RunOrderAction = ReturnType<typeof useOrderActions>["run"];
