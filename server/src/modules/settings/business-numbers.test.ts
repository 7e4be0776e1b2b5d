import { describe, expect, it } from "vitest";
import { callAdmin } from "../../../test/admin-requests.ts";
import { useTestApp } from "../../../test/test-app.ts";

describe("business numbers in Settings", () => {
  // The environment's values (RESTOCKING_FEE_PERCENT, INSTALL_DEPOSIT_PERCENT, ...) seed them.
  const t = useTestApp({
    config: {
      restockingFeePercent: 12,
      installDepositPercent: 25,
      samples: { pricePerSampleCents: 300, parcelRateCents: 495, followUpDays: 4 },
    },
  });
  const read = async () => (await callAdmin(t, "GET", "/api/admin/settings")).json();
  const save = (businessNumbers: Record<string, unknown>, settings: Record<string, unknown>) =>
    callAdmin(t, "PUT", "/api/admin/settings", {
      ...settings,
      business_numbers: { ...(settings.business_numbers as object), ...businessNumbers },
    });

  it("start from the environment's values and the shipped return window and policy", async () => {
    expect((await read()).settings.business_numbers).toEqual({
      restocking_fee_percent: 12,
      install_deposit_percent: 25,
      return_window_days: 30,
      sample_follow_up_days: 4,
      install_full_refund_days: 7,
      install_cancel_kept_percent: 10,
    });
    expect((await read()).business_history).toEqual([]);
  });

  it("refuse a percent outside 0-100 and days that are not whole numbers from 0, saving nothing", async () => {
    const { settings } = await read();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ restocking_fee_percent: 101 }, "Restocking fee must be a percentage from 0 to 100"],
      [
        { install_cancel_kept_percent: -1 },
        "Kept on a late cancellation must be a percentage from 0 to 100",
      ],
      [{ install_deposit_percent: 0 }, "Installation deposit must be a percentage from 1 to 100"],
      [{ return_window_days: 30.5 }, "Return window must be a whole number of days"],
      [{ sample_follow_up_days: -2 }, "Sample follow-up cannot be negative"],
    ];
    for (const [change, message] of cases) {
      const refused = await save(change, settings);
      expect(refused.statusCode).toBe(422);
      expect(refused.body).toContain(message);
    }
    expect((await read()).settings.business_numbers.restocking_fee_percent).toBe(12);
  });

  it("list each change with who made it, when, and the old and new values; the store uses the new ones", async () => {
    const { settings } = await read();
    const saved = await save({ restocking_fee_percent: 20, return_window_days: 45 }, settings);
    expect(saved.statusCode).toBe(200);
    const again = await save(
      { restocking_fee_percent: 17.5 },
      { ...saved.json().settings, samples: { ...settings.samples, price_cents: 350 } },
    );
    expect(again.json().business_history).toEqual([
      expect.objectContaining({
        field: "restocking_fee_percent",
        label: "Restocking fee",
        before: "20%",
        after: "17.5%",
        actor: "admin",
      }),
      expect.objectContaining({ field: "sample_price_cents", before: "$3.00", after: "$3.50" }),
      expect.objectContaining({ field: "restocking_fee_percent", before: "12%", after: "20%" }),
      expect.objectContaining({ field: "return_window_days", before: "30 days", after: "45 days" }),
    ]);
    expect(again.json().business_history[0].changed_at).toEqual(expect.any(String));
    // The store reads the saved values, not the environment's.
    expect((await t.app.settings.read()).business_numbers).toMatchObject({
      restocking_fee_percent: 17.5,
      return_window_days: 45,
    });
  });
});
