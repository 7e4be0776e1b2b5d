import { stateOfZip, usStates, zipStateMismatch } from "@mcf/contracts/us-states";
import { useId, useState } from "react";
import type { AddressFields } from "./checkout-form.ts";

export interface AddressFieldsetProps {
  legend: string;
  /** Autocomplete section, e.g. "billing" or "shipping". */
  section: "billing" | "shipping";
  value: AddressFields;
  onChange(next: AddressFields): void;
}

/**
 * Street, city, state (50 states + DC), ZIP code and country of one address. Until the shopper
 * picks a state, a ZIP code fills it in (the default state is only a default); a ZIP code of
 * another state than the one picked is said beside the fields.
 */
export function AddressFieldset({ legend, section, value, onChange }: AddressFieldsetProps) {
  const id = useId();
  const [statePicked, setStatePicked] = useState(false);
  const set = (field: keyof AddressFields) => (event: { target: { value: string } }) =>
    onChange({ ...value, [field]: event.target.value });
  const setState = (event: { target: { value: string } }) => {
    setStatePicked(true);
    onChange({ ...value, state: event.target.value });
  };
  const setZip = (event: { target: { value: string } }) => {
    const zip = event.target.value;
    const zipState = statePicked ? null : stateOfZip(zip);
    onChange({ ...value, zip_code: zip, ...(zipState ? { state: zipState } : {}) });
  };
  const mismatch = zipStateMismatch(value.zip_code, value.state);
  const mismatchId = `${id}-mismatch`;

  return (
    <fieldset className="rounded-xl border border-stone-200 bg-white p-5 sm:p-6">
      <legend className="px-1 font-display text-xl font-semibold text-navy-800">{legend}</legend>
      <div className="grid gap-4 sm:grid-cols-6">
        <div className="sm:col-span-6">
          <label htmlFor={`${id}-street`} className="field-label">
            Street Address
          </label>
          <input
            id={`${id}-street`}
            className="field-input"
            autoComplete={`${section} address-line1`}
            required
            value={value.street}
            onChange={set("street")}
          />
        </div>
        <div className="sm:col-span-3">
          <label htmlFor={`${id}-city`} className="field-label">
            City
          </label>
          <input
            id={`${id}-city`}
            className="field-input"
            autoComplete={`${section} address-level2`}
            required
            value={value.city}
            onChange={set("city")}
          />
        </div>
        <div className="sm:col-span-3">
          <label htmlFor={`${id}-state`} className="field-label">
            State
          </label>
          <select
            id={`${id}-state`}
            className="field-input"
            autoComplete={`${section} address-level1`}
            required
            value={value.state}
            onChange={setState}
            aria-invalid={mismatch ? true : undefined}
            aria-describedby={mismatch ? mismatchId : undefined}
          >
            <option value="">Select a state</option>
            {usStates.map((state) => (
              <option key={state.code} value={state.code}>
                {state.name}
              </option>
            ))}
          </select>
        </div>
        <div className="sm:col-span-3">
          <label htmlFor={`${id}-zip`} className="field-label">
            ZIP Code
          </label>
          <input
            id={`${id}-zip`}
            className="field-input"
            autoComplete={`${section} postal-code`}
            inputMode="numeric"
            required
            value={value.zip_code}
            onChange={setZip}
            aria-invalid={mismatch ? true : undefined}
            aria-describedby={mismatch ? mismatchId : undefined}
          />
        </div>
        <div className="sm:col-span-3">
          <label htmlFor={`${id}-country`} className="field-label">
            Country
          </label>
          <select
            id={`${id}-country`}
            className="field-input"
            autoComplete={`${section} country`}
            value={value.country}
            onChange={set("country")}
          >
            <option value="US">United States</option>
          </select>
        </div>
        {mismatch ? (
          <p id={mismatchId} className="text-sm text-red-700 sm:col-span-6" role="alert">
            {mismatch}
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}
