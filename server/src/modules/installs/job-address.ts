import { usStates } from "@mcf/contracts/us-states";

/** A billing address as orders keep it. */
export interface OrderAddress {
  street: string;
  city: string;
  state: string;
  zip_code: string;
  country: "US";
}

const stateCodes = new Map(
  usStates.flatMap((state) => [
    [state.code.toLowerCase(), state.code],
    [state.name.toLowerCase(), state.code],
  ]),
);

/**
 * The job's address (one line as typed on the inquiry or by staff, "42 Magnolia Ave, Birmingham,
 * AL 35205") as an order's billing address: street, city, state and ZIP. An address that does not
 * read that way keeps its whole text as the street and `fallbackState` (the showroom's), so staff
 * still see every word the customer gave.
 */
export function jobBillingAddress(address: string, fallbackState: string): OrderAddress {
  const match =
    /^(.+?),\s*([^,]+?),?\s+([A-Za-z][A-Za-z .]*?)\.?,?\s+(\d{5})(?:-\d{4})?\s*(?:,\s*(?:US|USA|United States))?$/i.exec(
      address.trim(),
    );
  const state = match?.[3] ? stateCodes.get(match[3].trim().toLowerCase()) : undefined;
  if (!match?.[1] || !match[2] || !match[4] || !state)
    return { street: address.trim(), city: "", state: fallbackState, zip_code: "", country: "US" };
  return {
    street: match[1].trim(),
    city: match[2].trim(),
    state,
    zip_code: match[4],
    country: "US",
  };
}
