import { type TestApp, testAdminPassword } from "./test-app.ts";

export type AdminMethod = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

/** Calls a back-office route with the admin password, as the admin screens do. */
export function callAdmin(t: TestApp, method: AdminMethod, url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { "admin-password": testAdminPassword },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/**
 * Takes a requested return through every step as staff would: approved with instructions, every
 * box received back on the shelf, refunded. Answers the first step that failed, else the refund.
 */
export async function settleReturn(t: TestApp, returnId: number) {
  const approved = await callAdmin(t, "POST", `/api/admin/returns/${returnId}/approve`, {
    instructions: "Drop the boxes at our Birmingham warehouse, Monday to Friday.",
  });
  if (approved.statusCode !== 200) return approved;
  const lines = (approved.json().lines as Array<{ order_item_id: number; quantity: number }>).map(
    (line) => ({ order_item_id: line.order_item_id, restocked: line.quantity, written_off: 0 }),
  );
  const received = await callAdmin(t, "POST", `/api/admin/returns/${returnId}/receive`, { lines });
  if (received.statusCode !== 200) return received;
  return callAdmin(t, "POST", `/api/admin/returns/${returnId}/refund`);
}
