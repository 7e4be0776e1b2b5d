import type { StoreSettings } from "@mcf/contracts/store-settings";
import { describe, expect, it } from "vitest";
import {
  checkForm,
  closedDaysOf,
  fromForm,
  serverFieldErrors,
  toForm,
  zipListOf,
} from "./settings-form.ts";

const settings: StoreSettings = {
  business_name: "Magic City Floors",
  phone: "(205) 871-4400",
  email: "hello@magiccityfloors.com",
  staff_email: "team@magiccityfloors.com",
  address: { street: "2100 3rd Ave N", city: "Birmingham", state: "AL", zip: "35203" },
  map_url: null,
  hours: [{ days: "Mon-Fri", time: "8AM-6PM" }],
  tax_rates: [{ state: "AL", rate_percent: 10 }],
  delivery: {
    local_per_pallet_cents: 7500,
    local_free_from_cents: 150000,
    pallet_shipping_cents: 19500,
    residential_cents: 7500,
    liftgate_cents: 9500,
    parcel_per_box_cents: 1200,
    parcel_per_pound_cents: 50,
  },
  delivery_limits: {
    handling_business_days: 1,
    local_business_days: 1,
    parcel_max_boxes: 5,
    parcel_max_weight_lbs: 150,
    closed_days: ["2026-11-26", "2026-12-25"],
  },
  service_area_zips: ["35203", "35209", "35124"],
  samples: { price_cents: 200, shipping_cents: 495 },
  business_numbers: {
    restocking_fee_percent: 15,
    install_deposit_percent: 30,
    return_window_days: 30,
    sample_follow_up_days: 5,
    install_full_refund_days: 7,
    install_cancel_kept_percent: 10,
  },
  reviews: { request_days: 7, buyers_may_answer: false },
  booking: {
    slot_minutes: 60,
    buffer_minutes: 30,
    window_days: 21,
    same_day_cutoff_hour: 10,
    change_cutoff_hours: 24,
  },
  partners: [],
  freight_zones: [{ from_miles: 0, percent: 100 }],
  price_claims: { estimate_their_price: false },
  room_visualizer_url: null,
  collection_names: [],
};

describe("the Settings tab's delivery limits and local delivery area", () => {
  it("shows the days, limits and ZIP codes as text and saves them back as they were", () => {
    const form = toForm(settings);
    expect(form.delivery_limits).toEqual({
      handling_business_days: "1",
      local_business_days: "1",
      parcel_max_boxes: "5",
      parcel_max_weight_lbs: "150",
      closed_days: "2026-11-26\n2026-12-25",
    });
    expect(form.service_area_zips).toBe("35203, 35209, 35124");
    expect(fromForm(form)).toMatchObject({
      delivery_limits: settings.delivery_limits,
      service_area_zips: settings.service_area_zips,
    });
    expect(checkForm(form)).toBeNull();
  });

  it("reads ZIP codes separated by commas, spaces or new lines, and keeps a repeated one once", () => {
    expect(zipListOf(" 35203,35209\n35124;  35209 \n")).toEqual(["35203", "35209", "35124"]);
    expect(zipListOf("  ")).toEqual([]);
  });

  it("puts every problem of the ZIP code list on its one field, and each limit's on its own", () => {
    const form = {
      ...toForm(settings),
      service_area_zips: "3520, 35209, 35x09, 1, 2, 3",
      delivery_limits: {
        ...toForm(settings).delivery_limits,
        handling_business_days: "-1",
        parcel_max_boxes: "a few",
      },
    };
    expect(checkForm(form)).toEqual({
      service_area_zips:
        '"3520" is not a 5-digit ZIP code; "35x09" is not a 5-digit ZIP code; "1" is not a 5-digit ZIP code',
      "delivery_limits.handling_business_days": "Handling time cannot be negative",
      "delivery_limits.parcel_max_boxes": "Parcel limit must be a whole number of boxes",
    });
    expect(checkForm({ ...toForm(settings), service_area_zips: "" })).toEqual({
      service_area_zips: "List at least one ZIP code for local delivery",
    });
  });

  it("reads closed days one a line, keeps a repeated one once and saves them in date order", () => {
    expect(closedDaysOf("2026-12-25\n 2026-11-26 \n\n2026-12-25, 2027-01-01")).toEqual([
      "2026-11-26",
      "2026-12-25",
      "2027-01-01",
    ]);
    expect(closedDaysOf("\n ")).toEqual([]);
  });

  it("puts every problem of the closed days on their one field, naming the bad entries", () => {
    const form = toForm(settings);
    expect(
      checkForm({
        ...form,
        delivery_limits: {
          ...form.delivery_limits,
          closed_days: "2026-12-25\n12/31/2026\n2026-02-30",
        },
      }),
    ).toEqual({
      "delivery_limits.closed_days":
        'Closed day "12/31/2026" is not a date like 2026-12-25; Closed day "2026-02-30" is not a date like 2026-12-25',
    });
    expect(
      serverFieldErrors({
        detail: [
          {
            loc: ["body", "delivery_limits", "closed_days", 1],
            msg: "Closed day 2026-12-25 is listed twice",
          },
        ],
      }),
    ).toEqual({ "delivery_limits.closed_days": "Closed day 2026-12-25 is listed twice" });
  });

  it("puts the server's messages on the same fields", () => {
    expect(
      serverFieldErrors({
        detail: [
          { loc: ["body", "service_area_zips", 2], msg: "ZIP code 35209 is listed twice" },
          { loc: ["body", "delivery_limits", "local_business_days"], msg: "Too long" },
        ],
      }),
    ).toEqual({
      service_area_zips: "ZIP code 35209 is listed twice",
      "delivery_limits.local_business_days": "Too long",
    });
  });
});
