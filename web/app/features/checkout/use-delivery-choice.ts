import type { DeliveryAnswers, FreightServices } from "@mcf/contracts/delivery";
import {
  type DeliveryMethod,
  deliveryMethods,
  type SiteAccess,
  siteAccessValues,
} from "@mcf/contracts/delivery-options";
import { useEffect, useState } from "react";

export interface DeliveryChoiceState {
  /** Null until the shopper picks one: the server then quotes freight. */
  method: DeliveryMethod | null;
  freightServices: FreightServices;
  siteAccess: SiteAccess | "";
  stairs: boolean;
  appointmentPhone: string;
}

export interface DeliveryChoice extends DeliveryChoiceState {
  update(change: Partial<DeliveryChoiceState>): void;
}

const initialChoice: DeliveryChoiceState = {
  method: null,
  freightServices: { residential: false, liftgate: false },
  siteAccess: "",
  stairs: false,
  appointmentPhone: "",
};

/** sessionStorage key: the delivery choice survives a trip to the payment page and back. */
export const checkoutDeliveryKey = "checkoutDelivery";

/** The saved choice, each part checked; anything unreadable falls back to no choice. */
export function readSavedDeliveryChoice(storage: Pick<Storage, "getItem">): DeliveryChoiceState {
  try {
    const saved = JSON.parse(storage.getItem(checkoutDeliveryKey) ?? "{}") as Record<
      string,
      unknown
    >;
    const services = (saved.freightServices ?? {}) as Record<string, unknown>;
    const method = deliveryMethods.find((value) => value === saved.method) ?? null;
    const access = siteAccessValues.find((value) => value === saved.siteAccess);
    return {
      method,
      freightServices: {
        residential: services.residential === true,
        liftgate: services.liftgate === true,
      },
      siteAccess: access ?? "",
      stairs: saved.stairs === true,
      appointmentPhone: typeof saved.appointmentPhone === "string" ? saved.appointmentPhone : "",
    };
  } catch {
    return initialChoice;
  }
}

export function saveDeliveryChoice(
  storage: Pick<Storage, "setItem">,
  choice: DeliveryChoiceState,
): void {
  try {
    storage.setItem(checkoutDeliveryKey, JSON.stringify(choice));
  } catch {
    // Storage full or disabled: the choice still works, it just is not kept.
  }
}

/**
 * The checkout's delivery choice: the method, the freight extras and the carrier's questions,
 * restored from this tab's session after hydration and saved as it changes.
 */
export function useDeliveryChoice(): DeliveryChoice {
  const [choice, setChoice] = useState<DeliveryChoiceState>(initialChoice);
  const [restored, setRestored] = useState(false);
  useEffect(() => {
    setChoice(readSavedDeliveryChoice(sessionStorage));
    setRestored(true);
  }, []);
  useEffect(() => {
    if (restored) saveDeliveryChoice(sessionStorage, choice);
  }, [choice, restored]);
  return {
    ...choice,
    update: (change) => setChoice((current) => ({ ...current, ...change })),
  };
}

/** What the payment request carries of the carrier's questions: only what was answered. */
export function deliveryAnswersOf(choice: DeliveryChoiceState): DeliveryAnswers {
  return {
    site_access: choice.siteAccess || null,
    stairs: choice.stairs,
    appointment_phone: choice.appointmentPhone.trim() || null,
  };
}
