import { describe, expect, it } from "vitest";
import {
  checkoutDeliveryKey,
  readSavedDeliveryChoice,
  saveDeliveryChoice,
} from "./use-delivery-choice.ts";

const storageWith = (value: string | null) => ({ getItem: () => value });

describe("the saved delivery choice", () => {
  it("comes back as it was saved after a trip to the payment page", () => {
    const items = new Map<string, string>();
    const storage = {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
    };
    const choice = {
      method: "freight" as const,
      freightServices: { residential: true, liftgate: false },
      siteAccess: "small_truck_only" as const,
      stairs: true,
      appointmentPhone: "205-555-0111",
    };
    saveDeliveryChoice(storage, choice);
    expect(items.has(checkoutDeliveryKey)).toBe(true);
    expect(readSavedDeliveryChoice(storage)).toEqual(choice);
  });

  it("drops what it cannot read: an unknown method or access, broken JSON, nothing saved", () => {
    const fresh = {
      method: null,
      freightServices: { residential: false, liftgate: false },
      siteAccess: "",
      stairs: false,
      appointmentPhone: "",
    };
    const odd = JSON.stringify({ method: "drone", siteAccess: "helipad", stairs: "yes" });
    expect(readSavedDeliveryChoice(storageWith(odd))).toEqual(fresh);
    expect(readSavedDeliveryChoice(storageWith("{not json"))).toEqual(fresh);
    expect(readSavedDeliveryChoice(storageWith(null))).toEqual(fresh);
  });
});
