import { describe, expect, it } from "vitest";
import { business } from "./business.ts";
import {
  placeholderFields,
  type StoreSettings,
  shippedBookingRules,
  storeSettingsSchema,
} from "./store-settings.ts";
import { collectionDisplayName, phoneHref } from "./store-settings-format.ts";

/** Settings with every value real: no placeholder among them. */
const real: StoreSettings = {
  business_name: "Magic City Floors",
  phone: "(205) 871-4400",
  email: "hello@magiccityfloors.com",
  staff_email: "team@magiccityfloors.com",
  address: { street: "2100 3rd Ave N", city: "Birmingham", state: "AL", zip: "35203" },
  map_url: "https://maps.google.com/?q=2100+3rd+Ave+N",
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
  service_area_zips: ["35203", "35209"],
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
  booking: { ...shippedBookingRules },
  partners: [
    {
      name: "Oakridge Hardwood Mills",
      slug: "oakridge-mills",
      description: "Our oak.",
      category: "Hardwood",
      url: "https://oakridgemills.com",
      logo: "/img/partners/oakridge-mills.svg",
    },
  ],
  freight_zones: [{ from_miles: 0, percent: 100 }],
  price_claims: { estimate_their_price: true },
  room_visualizer_url: "https://visualizer.roomvo.com/magic-city-floors",
  collection_names: [{ code: "AR", name: "ACE Reserve" }],
};

describe("placeholderFields", () => {
  it("lists nothing when every value is real", () => {
    expect(placeholderFields(storeSettingsSchema.parse(real))).toEqual([]);
  });

  it("names the fictional 555-01xx phone, .example addresses, the shipped street and .example partners", () => {
    const placeholders = placeholderFields({
      ...real,
      phone: business.phone,
      email: business.email,
      staff_email: "staff@magiccityfloors.example",
      address: { ...real.address, street: business.address.street },
      map_url: "https://maps.example/x",
      room_visualizer_url: business.roomVisualizerUrl,
      partners: [
        ...real.partners,
        {
          ...real.partners[0],
          name: "Riverbend Vinyl Works",
          slug: "riverbend",
          url: "https://riverbend-vinyl.example",
        } as StoreSettings["partners"][number],
      ],
    });
    expect(placeholders).toEqual([
      "Phone",
      "Email",
      "Staff alerts email",
      "Street address",
      "Map link",
      "Room visualizer address",
      "Partners (Riverbend Vinyl Works)",
    ]);
  });

  it("takes a real 555 number outside the fictional range as real", () => {
    expect(placeholderFields({ ...real, phone: "(205) 555-2300" })).toEqual([]);
  });
});

describe("delivery limits and the local delivery area", () => {
  const messagesOf = (settings: unknown) => {
    const result = storeSettingsSchema.safeParse(settings);
    return result.success
      ? {}
      : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
  };

  it("takes trimmed five-digit ZIP codes and whole numbers of days within bounds", () => {
    const parsed = storeSettingsSchema.parse({
      ...real,
      service_area_zips: [" 35209 ", "35124"],
      delivery_limits: { ...real.delivery_limits, handling_business_days: 0 },
    });
    expect(parsed.service_area_zips).toEqual(["35209", "35124"]);
    expect(parsed.delivery_limits.handling_business_days).toBe(0);
  });

  it("names each bad ZIP code, a ZIP code listed twice, and an empty or huge list", () => {
    expect(messagesOf({ ...real, service_area_zips: ["3520", "35x09", "35209", "35209"] })).toEqual(
      {
        "service_area_zips.0": '"3520" is not a 5-digit ZIP code',
        "service_area_zips.1": '"35x09" is not a 5-digit ZIP code',
        "service_area_zips.3": "ZIP code 35209 is listed twice",
      },
    );
    expect(messagesOf({ ...real, service_area_zips: [] })).toEqual({
      service_area_zips: "List at least one ZIP code for local delivery",
    });
    const many = Array.from({ length: 10_000 }, (_, i) => String(10_000 + i));
    expect(messagesOf({ ...real, service_area_zips: many })).toEqual({
      service_area_zips: "At most 1,000 ZIP codes for local delivery",
    });
  });

  it("refuses negative, fractional, huge and non-numeric days and limits with the field's name", () => {
    expect(
      messagesOf({
        ...real,
        delivery_limits: {
          handling_business_days: -1,
          local_business_days: "two",
          parcel_max_boxes: 0,
          parcel_max_weight_lbs: 1e12,
          closed_days: [],
        },
      }),
    ).toEqual({
      "delivery_limits.handling_business_days": "Handling time cannot be negative",
      "delivery_limits.local_business_days":
        "Local delivery time must be a whole number of business days",
      "delivery_limits.parcel_max_boxes": "Parcel limit must be at least 1",
      "delivery_limits.parcel_max_weight_lbs": "Parcel weight limit must be at most 2,000 lb",
    });
  });

  it("takes closed days as unique real dates and names each bad entry", () => {
    const closed = (closed_days: unknown) => ({
      ...real,
      delivery_limits: { ...real.delivery_limits, closed_days },
    });
    expect(storeSettingsSchema.parse(closed([" 2026-12-24 "])).delivery_limits.closed_days).toEqual(
      ["2026-12-24"],
    );
    expect(
      messagesOf(closed(["2026-13-01", "2026-12-25", "tomorrow", "2026-12-25", null])),
    ).toEqual({
      "delivery_limits.closed_days.0": 'Closed day "2026-13-01" is not a date like 2026-12-25',
      "delivery_limits.closed_days.2": 'Closed day "tomorrow" is not a date like 2026-12-25',
      "delivery_limits.closed_days.4": "Each closed day must be a date like 2026-12-25",
    });
    expect(messagesOf(closed(["2027-02-29", "2028-02-29", "2028-02-29"]))).toEqual({
      "delivery_limits.closed_days.0": 'Closed day "2027-02-29" is not a date like 2026-12-25',
      "delivery_limits.closed_days.2": "Closed day 2028-02-29 is listed twice",
    });
    const days = Array.from({ length: 201 }, (_, i) =>
      new Date(Date.UTC(2027, 0, 1 + i)).toISOString().slice(0, 10),
    );
    expect(messagesOf(closed(days))).toEqual({
      "delivery_limits.closed_days": "At most 200 closed days",
    });
    expect(storeSettingsSchema.safeParse(closed(days.slice(0, 200))).success).toBe(true);
  });
});

describe("store settings helpers", () => {
  it("phoneHref dials the 10 digits with the US country code", () => {
    expect(phoneHref("(205) 871-4400")).toBe("tel:+12058714400");
    expect(phoneHref("+1 205.871.4400")).toBe("tel:+12058714400");
  });

  it("collectionDisplayName shows the owner's name for an internal code, else the code", () => {
    expect(collectionDisplayName({ AR: "ACE Reserve" }, "AR")).toBe("ACE Reserve");
    expect(collectionDisplayName({ AR: "ACE Reserve" }, "Heritage")).toBe("Heritage");
  });
});
