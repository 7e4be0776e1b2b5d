import type {
  DeliveryAnswers,
  DeliveryMethod,
  FreightServices,
  SiteAccess,
} from "@mcf/contracts/delivery";
import { useState } from "react";

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

/** The checkout's delivery choice: the method, the freight extras and the carrier's questions. */
export function useDeliveryChoice(): DeliveryChoice {
  const [choice, setChoice] = useState<DeliveryChoiceState>(initialChoice);
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
