import { business, formattedAddress } from "@mcf/contracts/business";
import type { StoreSettings } from "@mcf/contracts/store-settings";
import { formatAddress } from "@mcf/contracts/store-settings-format";

/** How emails and server messages name the store: its name, phone, address and email. */
export interface StoreIdentity {
  name: string;
  phone: string;
  email: string;
  formattedAddress: string;
  /** The open hours as a phrase: "Mon-Fri 8AM-6PM, Saturday by appointment" (closed days left out). */
  openHours: string;
}

type Hours = ReadonlyArray<{ days: string; time: string }>;

function openHoursOf(hours: Hours): string {
  return hours
    .filter((line) => line.time.trim().toLowerCase() !== "closed")
    .map((line) => `${line.days} ${line.time}`)
    .join(", ");
}

let source: (() => StoreSettings) | null = null;

/**
 * Emails and server messages read the store settings this process read last (app.ts connects
 * its settings source here, and reads them afresh before every request but GET and HEAD and
 * every background pass, so an email names the store as last saved in any process).
 */
export function connectStoreIdentity(latest: () => StoreSettings): void {
  source = latest;
}

/** The store as emails and messages name it now; the shipped details before app.ts connects. */
export function storeIdentity(): StoreIdentity {
  const settings = source?.();
  if (!settings)
    return {
      name: business.name,
      phone: business.phone,
      email: business.email,
      formattedAddress,
      openHours: openHoursOf(business.hours),
    };
  return {
    name: settings.business_name,
    phone: settings.phone,
    email: settings.email,
    formattedAddress: formatAddress(settings.address),
    openHours: openHoursOf(settings.hours),
  };
}
