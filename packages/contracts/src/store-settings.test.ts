import { describe, expect, it } from "vitest";
import { business } from "./business.ts";
import { placeholderFields, type StoreSettings, storeSettingsSchema } from "./store-settings.ts";
import { collectionDisplayName, phoneHref } from "./store-settings-format.ts";

/** Settings with every value real: no placeholder among them. */
const real: StoreSettings = {
  business_name: "Magic City Floors",
  phone: "(205) 871-4400",
  email: "hello@magiccityfloors.com",
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
  samples: { price_cents: 200, shipping_cents: 495 },
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
