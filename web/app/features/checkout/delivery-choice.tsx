import type { DeliveryMethod, DeliveryOption } from "@mcf/contracts/delivery";
import { formatUsd } from "@mcf/contracts/money";
import { useId } from "react";
import { deliveryDateLabel, formatDeliveryDate } from "../../lib/delivery-dates.ts";
import { useStoreDetails } from "../../lib/store-details.ts";
import type { DeliveryChoice } from "./use-delivery-choice.ts";

const hints: Record<DeliveryMethod, string> = {
  pickup: "At our showroom, {address}. We call when your order is ready.",
  local: "Our own truck and crew, around Birmingham.",
  freight: "A freight carrier brings the pallets; the driver calls to set the appointment.",
  parcel: "A parcel carrier brings the boxes to your door.",
};

/** An order of samples only: they travel by parcel (the trucks carry boxes). */
const samplesOnlyParcelHint = "A parcel carrier brings your samples to your door.";

const serviceHints = {
  residential: "The address is a home, not a business with a loading dock.",
  liftgate: "No loading dock: the truck lowers the pallets to the ground.",
} as const;

function OptionRow({
  option,
  checked,
  name,
  hint,
  onChoose,
}: {
  option: DeliveryOption;
  checked: boolean;
  name: string;
  hint: string;
  onChoose(): void;
}) {
  const id = useId();
  return (
    <li
      className={`rounded-lg border p-4 ${
        checked ? "border-oak-600 bg-oak-50/40" : "border-stone-200"
      } ${option.available ? "" : "bg-stone-50"}`}
    >
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="radio"
          name={name}
          className="mt-1 h-5 w-5 shrink-0 accent-oak-600"
          checked={checked}
          disabled={!option.available}
          onChange={onChoose}
          aria-describedby={`${id}-detail`}
        />
        <div className="min-w-0 flex-1">
          <label
            htmlFor={id}
            className={`flex flex-wrap justify-between gap-x-3 font-medium ${
              option.available ? "cursor-pointer text-stone-900" : "text-stone-500"
            }`}
          >
            <span>{option.label}</span>
            {/* A method that cannot deliver this order has no price to show: it says why below. */}
            <span>
              {!option.available
                ? "Not available"
                : option.cost > 0
                  ? formatUsd(option.cost)
                  : "Free"}
            </span>
          </label>
          <div id={`${id}-detail`} className="text-sm text-stone-600">
            {option.available ? (
              <>
                <p>{hint}</p>
                {option.estimated_date ? (
                  <p className="font-medium text-navy-800">
                    {deliveryDateLabel(option.method)} {formatDeliveryDate(option.estimated_date)}
                  </p>
                ) : null}
              </>
            ) : (
              <p>{option.reason}</p>
            )}
          </div>
        </div>
      </div>
    </li>
  );
}

function FreightServicesFields({
  option,
  choice,
}: {
  option: DeliveryOption;
  choice: DeliveryChoice;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-semibold text-stone-700">Freight options</legend>
      {option.services.map((service) => (
        <label key={service.id} className="flex cursor-pointer items-start gap-3 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 h-5 w-5 shrink-0 accent-oak-600"
            checked={choice.freightServices[service.id]}
            onChange={(event) =>
              choice.update({
                freightServices: { ...choice.freightServices, [service.id]: event.target.checked },
              })
            }
          />
          <span>
            <span className="font-medium text-stone-900">
              {service.label} (+{formatUsd(service.cost)})
            </span>
            <span className="block text-stone-600">{serviceHints[service.id]}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

function CarrierQuestions({ choice }: { choice: DeliveryChoice }) {
  const id = useId();
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2">
      <legend className="mb-1 text-sm font-semibold text-stone-700">For the delivery driver</legend>
      <div className="sm:col-span-2">
        <label htmlFor={`${id}-access`} className="field-label">
          Can a full-size truck reach the address?
        </label>
        <select
          id={`${id}-access`}
          className="field-input"
          value={choice.siteAccess}
          onChange={(event) =>
            choice.update({ siteAccess: event.target.value as DeliveryChoice["siteAccess"] })
          }
        >
          <option value="">Not sure</option>
          <option value="full_truck">Yes, a 53-foot truck can reach it</option>
          <option value="small_truck_only">No: narrow street, low wires or trees</option>
        </select>
      </div>
      <label className="flex cursor-pointer items-center gap-3 text-sm sm:col-span-2">
        <input
          type="checkbox"
          className="h-5 w-5 accent-oak-600"
          checked={choice.stairs}
          onChange={(event) => choice.update({ stairs: event.target.checked })}
        />
        <span>There are stairs between the truck and where the boxes go</span>
      </label>
      <div className="sm:col-span-2">
        <label htmlFor={`${id}-phone`} className="field-label">
          Phone for the delivery appointment
        </label>
        <input
          id={`${id}-phone`}
          type="tel"
          className="field-input"
          autoComplete="tel"
          placeholder="The phone above, if empty"
          value={choice.appointmentPhone}
          onChange={(event) => choice.update({ appointmentPhone: event.target.value })}
        />
      </div>
    </fieldset>
  );
}

/**
 * The delivery methods the server offered for this cart and ZIP code, with prices and dates;
 * the freight extras and the driver's questions appear for the method that needs them.
 */
export function DeliveryChoiceFieldset({
  options,
  chosen,
  choice,
  samplesOnly = false,
}: {
  /** Null until the server first answers. */
  options: DeliveryOption[] | null;
  /** The cart holds samples and no boxes. */
  samplesOnly?: boolean;
  /** The method the current totals are for. */
  chosen: DeliveryMethod;
  choice: DeliveryChoice;
}) {
  const store = useStoreDetails();
  const name = useId();
  const freight = options?.find((option) => option.method === "freight");
  return (
    <fieldset className="rounded-xl border border-stone-200 bg-white p-5 sm:p-6">
      <legend className="px-1 font-display text-xl font-semibold text-navy-800">Delivery</legend>
      <p className="mb-4 text-sm text-stone-600">
        Prices and dates follow your ZIP code; they update when it changes.
      </p>
      {options ? (
        <ul className="space-y-3">
          {options.map((option) => (
            <OptionRow
              key={option.method}
              option={option}
              name={name}
              hint={
                samplesOnly && option.method === "parcel"
                  ? samplesOnlyParcelHint
                  : hints[option.method].replace("{address}", store.formatted_address)
              }
              checked={option.method === chosen}
              onChoose={() => choice.update({ method: option.method })}
            />
          ))}
        </ul>
      ) : (
        <p className="py-4 text-stone-600">Finding delivery options...</p>
      )}
      {chosen === "freight" && freight ? (
        <div className="mt-5 border-t border-stone-200 pt-4">
          <FreightServicesFields option={freight} choice={choice} />
        </div>
      ) : null}
      {chosen === "freight" || chosen === "local" ? (
        <div className="mt-5 border-t border-stone-200 pt-4">
          <CarrierQuestions choice={choice} />
        </div>
      ) : null}
    </fieldset>
  );
}
