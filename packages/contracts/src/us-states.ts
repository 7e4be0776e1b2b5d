import { zipPrefixStates, zipStateExceptions } from "./zip-prefix-states.ts";

/** The 50 states plus DC, selectable for billing and shipping addresses. */
export const usStates = [
  { code: "AL", name: "Alabama" },
  { code: "AK", name: "Alaska" },
  { code: "AZ", name: "Arizona" },
  { code: "AR", name: "Arkansas" },
  { code: "CA", name: "California" },
  { code: "CO", name: "Colorado" },
  { code: "CT", name: "Connecticut" },
  { code: "DE", name: "Delaware" },
  { code: "DC", name: "District of Columbia" },
  { code: "FL", name: "Florida" },
  { code: "GA", name: "Georgia" },
  { code: "HI", name: "Hawaii" },
  { code: "ID", name: "Idaho" },
  { code: "IL", name: "Illinois" },
  { code: "IN", name: "Indiana" },
  { code: "IA", name: "Iowa" },
  { code: "KS", name: "Kansas" },
  { code: "KY", name: "Kentucky" },
  { code: "LA", name: "Louisiana" },
  { code: "ME", name: "Maine" },
  { code: "MD", name: "Maryland" },
  { code: "MA", name: "Massachusetts" },
  { code: "MI", name: "Michigan" },
  { code: "MN", name: "Minnesota" },
  { code: "MS", name: "Mississippi" },
  { code: "MO", name: "Missouri" },
  { code: "MT", name: "Montana" },
  { code: "NE", name: "Nebraska" },
  { code: "NV", name: "Nevada" },
  { code: "NH", name: "New Hampshire" },
  { code: "NJ", name: "New Jersey" },
  { code: "NM", name: "New Mexico" },
  { code: "NY", name: "New York" },
  { code: "NC", name: "North Carolina" },
  { code: "ND", name: "North Dakota" },
  { code: "OH", name: "Ohio" },
  { code: "OK", name: "Oklahoma" },
  { code: "OR", name: "Oregon" },
  { code: "PA", name: "Pennsylvania" },
  { code: "RI", name: "Rhode Island" },
  { code: "SC", name: "South Carolina" },
  { code: "SD", name: "South Dakota" },
  { code: "TN", name: "Tennessee" },
  { code: "TX", name: "Texas" },
  { code: "UT", name: "Utah" },
  { code: "VT", name: "Vermont" },
  { code: "VA", name: "Virginia" },
  { code: "WA", name: "Washington" },
  { code: "WV", name: "West Virginia" },
  { code: "WI", name: "Wisconsin" },
  { code: "WY", name: "Wyoming" },
] as const;

/**
 * The two-letter state a ZIP code (5 digits or ZIP+4) belongs to, or null when none does (a
 * territory, a military post office, not a ZIP code). Read from the store's one ZIP dataset
 * (`zip-prefix-states.ts`, generated with the server's ZIP table): the same answer as the delivery
 * quote for every ZIP code in it; by its prefix for one it does not list.
 */
export function stateOfZip(zip: string): string | null {
  const zip5 = zip.trim().slice(0, 5);
  if (!/^\d{5}$/.test(zip5)) return null;
  if (zip5 in zipStateExceptions) return zipStateExceptions[zip5] ?? null;
  const prefix = Number(zip5.slice(0, 3));
  const range = zipPrefixStates.find(([first, last]) => prefix >= first && prefix <= last);
  return range?.[2] ?? null;
}

/** A state's name from its two-letter code (the code itself when unknown). */
export function stateName(code: string): string {
  return usStates.find((state) => state.code === code)?.name ?? code;
}

/**
 * Why a ZIP code cannot go with a state, or null when they match (or the ZIP code is of no state
 * we know, e.g. a territory: not refused on a guess).
 */
export function zipStateMismatch(zip: string, state: string): string | null {
  const zipState = stateOfZip(zip);
  const chosen = state.trim().toUpperCase();
  if (!zipState || !chosen || zipState === chosen) return null;
  return `ZIP code ${zip.trim()} is in ${stateName(zipState)}, not ${stateName(chosen)}. Please check the state and the ZIP code.`;
}
