import { business } from "@mcf/contracts/business";
import type { PublicStoreDetails, StoreSettings } from "@mcf/contracts/store-settings";
import { phoneHref } from "@mcf/contracts/store-settings-format";
import { useContext } from "react";
import { UNSAFE_DataRouterStateContext as DataRouterStateContext } from "react-router";

/** The details the store shipped with: shown only when the settings could not be read. */
export const shippedStoreDetails: PublicStoreDetails = {
  business_name: business.name,
  phone: business.phone,
  phone_href: phoneHref(business.phone),
  email: business.email,
  address: {
    street: business.address.street,
    city: business.address.city,
    state: business.address.state,
    zip: business.address.zip,
  },
  formatted_address: `${business.address.street}, ${business.address.city}, ${business.address.state} ${business.address.zip}`,
  map_url: null,
  hours: business.hours.map((line) => ({ days: line.days, time: line.time })),
  room_visualizer_url: business.roomVisualizerUrl,
  collection_names: {},
  // Unknown without the settings: the cart leaves sample prices to the checkout.
  sample_price_cents: null,
  estimate_their_price: true,
};

/**
 * The store's name, phone, address, hours, visualizer and collection names from the owner's
 * settings: the root loader reads them once per page (GET /api/settings/public).
 */
export function useStoreDetails(): PublicStoreDetails {
  // The root route's loader data, as useRouteLoaderData("root") reads it, without its demand
  // for a data router: screens rendered alone (component tests) get the shipped details.
  const state = useContext(DataRouterStateContext);
  const root = state?.loaderData.root as { store?: PublicStoreDetails } | undefined;
  return root?.store ?? shippedStoreDetails;
}

/** The same, in a route's `meta` (which cannot call hooks): from the root route's match. */
export function storeDetailsOf(matches: ReadonlyArray<unknown>): PublicStoreDetails {
  for (const match of matches) {
    const m = match as { id?: string; data?: { store?: PublicStoreDetails } } | undefined;
    if (m?.id === "root" && m.data?.store) return m.data.store;
  }
  return shippedStoreDetails;
}

const dayCodes: Record<string, string> = {
  mon: "Mo",
  tue: "Tu",
  wed: "We",
  thu: "Th",
  fri: "Fr",
  sat: "Sa",
  sun: "Su",
};

function to24h(time: string): string | null {
  const match = /^(\d{1,2})(?::(\d{2}))?\s*(AM|PM)$/i.exec(time.trim());
  if (!match) return null;
  let hours = Number(match[1]) % 12;
  if (match[3]?.toUpperCase() === "PM") hours += 12;
  return `${String(hours).padStart(2, "0")}:${match[2] ?? "00"}`;
}

/**
 * schema.org `openingHours` from the hours the owner typed ("Mon-Fri" "8AM-6PM" → "Mo-Fr
 * 08:00-18:00"); lines that are not a day range and a time range ("by appointment") are left out.
 */
export function openingHoursOf(hours: StoreSettings["hours"]): string[] {
  const result: string[] = [];
  for (const line of hours) {
    const days = line.days.split("-").map((day) => dayCodes[day.trim().slice(0, 3).toLowerCase()]);
    const times = line.time.split("-").map(to24h);
    if (days.some((d) => !d) || days.length > 2 || times.length !== 2 || times.some((t) => !t))
      continue;
    result.push(`${days.join("-")} ${times.join("-")}`);
  }
  return result;
}
