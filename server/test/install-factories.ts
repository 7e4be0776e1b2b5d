import { type AdminMethod, callAdmin } from "./admin-requests.ts";
import { createProduct } from "./factories.ts";
import type { TestApp } from "./test-app.ts";

/** A moment `days` from now at `hour`:00 UTC, as the JSON the admin screens send. */
export function daysFromNow(days: number, hour = 15): string {
  const date = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  date.setUTCHours(hour, 0, 0, 0);
  return date.toISOString();
}

/** A visit of `hours` hours starting `days` from now at `hour`:00 UTC. */
export function slot(crewId: number, days: number, hour = 15, hours = 2) {
  const starts = daysFromNow(days, hour);
  const ends = new Date(new Date(starts).getTime() + hours * 60 * 60 * 1000).toISOString();
  return { crew_id: crewId, starts_at: starts, ends_at: ends };
}

/** The admin API of installation jobs, as the Jobs tab calls it. */
export function jobsApi(t: TestApp) {
  const call = (method: AdminMethod, url: string, payload?: unknown) =>
    callAdmin(t, method, url, payload);
  return {
    call,
    async crew(name: string): Promise<number> {
      return (await call("POST", "/api/admin/crews", { name })).json().id;
    },
    async job(overrides: Record<string, unknown> = {}) {
      const response = await call("POST", "/api/admin/jobs", {
        customer_name: "Casey Homeowner",
        customer_email: "casey@example.com",
        customer_phone: "(205) 555-0199",
        address: "42 Magnolia Ave, Birmingham, AL 35205",
        flooring_type: "solid_hardwood",
        ...overrides,
      });
      if (response.statusCode !== 201) throw new Error(response.body);
      return response.json().job as { id: number; token: string; stage: string };
    },
    /**
     * A job measured tomorrow by a crew of its own and whose estimate the customer signed:
     * $1,700 ($600 labour, 10 boxes at $100 of a product with 50 in stock, $100 tax on the
     * materials), so a 30% deposit is $510. Tile unless `overrides` says otherwise (tile needs no
     * acclimation before the install can be booked).
     */
    async acceptedJob(overrides: Record<string, unknown> = {}) {
      const crew = await this.crew(`Crew ${Math.random().toString(36).slice(2, 8)}`);
      const product = await createProduct(t.database.db, {
        our_price: 5,
        sqft_per_carton: 20,
        stock_quantity: 50,
      });
      const job = await this.job({ flooring_type: "tile", ...overrides });
      await call("POST", `/api/admin/jobs/${job.id}/measure`, measureSlot(crew, 1));
      await call("PUT", `/api/admin/jobs/${job.id}/estimate`, {
        lines: [
          { kind: "labour", description: "Install", quantity: 200, unit_price: 3 },
          { kind: "material", product_id: product.id, quantity: 10 },
        ],
      });
      const accepted = await t.app.inject({
        method: "POST",
        url: `/api/installation/jobs/${job.token}/accept`,
        payload: { version: 1, full_name: "Casey Homeowner", terms_accepted: true },
      });
      if (accepted.statusCode !== 200) throw new Error(accepted.body);
      return { job, crew, product };
    },
  };
}

/**
 * A measure visit like `slot`, moved to the next day the store is open (the default hours close
 * on Sunday, and measure visits on a closed day are refused).
 */
export function measureSlot(crewId: number, days: number, hour = 15, hours = 2) {
  let day = days;
  while (new Date(daysFromNow(day, hour)).getUTCDay() === 0) day += days < 0 ? -1 : 1;
  return slot(crewId, day, hour, hours);
}
