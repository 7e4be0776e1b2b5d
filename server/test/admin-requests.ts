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
