import type { SavedAddress } from "@mcf/contracts/accounts";
import { usStates } from "@mcf/contracts/us-states";
import { useId, useState } from "react";
import { api, serverDetail } from "../../lib/api.ts";

const emptyAddress = {
  label: "",
  full_name: "",
  street: "",
  city: "",
  state: "AL",
  zip_code: "",
  phone: "",
  is_default: false,
};

/** Saved addresses: checkout starts from the default one when the shopper is signed in. */
export function AccountAddresses({
  addresses,
  onChange,
}: {
  addresses: SavedAddress[];
  onChange: (addresses: SavedAddress[]) => void;
}) {
  const id = useId();
  const [form, setForm] = useState(emptyAddress);
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reload = async () =>
    onChange((await api<{ addresses: SavedAddress[] }>("/api/account/addresses")).addresses);
  const set =
    (key: keyof typeof emptyAddress) =>
    (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      setForm((current) => ({
        ...current,
        [key]:
          event.target instanceof HTMLInputElement && event.target.type === "checkbox"
            ? event.target.checked
            : event.target.value,
      }));

  async function save(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await api("/api/account/addresses", { method: "POST", body: form });
      await reload();
      setForm(emptyAddress);
      setAdding(false);
    } catch (caught) {
      setError(serverDetail(caught) ?? "We could not save this address. Please try again.");
    } finally {
      setBusy(false);
    }
  }

  async function act(url: string, method: "PUT" | "DELETE", body?: unknown) {
    setError(null);
    try {
      await api(url, { method, ...(body ? { body } : {}) });
      await reload();
    } catch (caught) {
      setError(serverDetail(caught) ?? "We could not change this address. Please try again.");
    }
  }

  const field = (key: keyof typeof emptyAddress, label: string, props: object = {}) => (
    <div>
      <label htmlFor={`${id}-${key}`} className="field-label">
        {label}
      </label>
      <input
        id={`${id}-${key}`}
        className="field-input"
        value={String(form[key])}
        onChange={set(key)}
        {...props}
      />
    </div>
  );

  return (
    <div>
      {error ? (
        <p role="alert" className="mb-3 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      {addresses.length === 0 ? (
        <p className="mb-4 text-stone-600">No saved addresses yet.</p>
      ) : (
        <ul className="mb-4 grid gap-3 sm:grid-cols-2">
          {addresses.map((address) => (
            <li key={address.id} className="rounded-lg border border-stone-200 p-4 text-sm">
              <p className="font-semibold text-navy-800">
                {address.label ?? address.full_name}
                {address.is_default ? (
                  <span className="ml-2 rounded-full bg-navy-50 px-2 py-0.5 text-xs text-navy-800">
                    Default
                  </span>
                ) : null}
              </p>
              <p className="text-stone-700">
                {address.full_name}
                <br />
                {address.street}
                <br />
                {address.city}, {address.state} {address.zip_code}
              </p>
              <div className="mt-2 flex flex-wrap gap-3">
                {address.is_default ? null : (
                  <button
                    type="button"
                    className="min-h-6 font-semibold text-oak-700 hover:underline"
                    onClick={() =>
                      act(`/api/account/addresses/${address.id}`, "PUT", {
                        ...address,
                        is_default: true,
                      })
                    }
                  >
                    Make default
                  </button>
                )}
                <button
                  type="button"
                  className="min-h-6 font-semibold text-red-800 hover:underline"
                  onClick={() => act(`/api/account/addresses/${address.id}`, "DELETE")}
                  aria-label={`Remove the address ${address.street}`}
                >
                  Remove
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {adding ? (
        <form onSubmit={save} className="grid gap-3 sm:grid-cols-2" aria-label="New address">
          {field("label", "Label (optional)", { placeholder: "Home" })}
          {field("full_name", "Full name", { required: true, autoComplete: "name" })}
          <div className="sm:col-span-2">
            {field("street", "Street address", { required: true, autoComplete: "street-address" })}
          </div>
          {field("city", "City", { required: true, autoComplete: "address-level2" })}
          <div>
            <label htmlFor={`${id}-state`} className="field-label">
              State
            </label>
            <select
              id={`${id}-state`}
              className="field-input"
              value={form.state}
              onChange={set("state")}
            >
              {usStates.map((state) => (
                <option key={state.code} value={state.code}>
                  {state.name}
                </option>
              ))}
            </select>
          </div>
          {field("zip_code", "ZIP code", {
            required: true,
            inputMode: "numeric",
            autoComplete: "postal-code",
          })}
          {field("phone", "Phone (optional)", { type: "tel", autoComplete: "tel" })}
          <label className="flex items-center gap-2 text-sm sm:col-span-2">
            <input type="checkbox" checked={form.is_default} onChange={set("is_default")} />
            Use this address first at checkout
          </label>
          <div className="flex gap-3 sm:col-span-2">
            <button type="submit" className="btn-primary" disabled={busy}>
              Save address
            </button>
            <button type="button" className="btn-outline" onClick={() => setAdding(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="btn-outline" onClick={() => setAdding(true)}>
          Add an address
        </button>
      )}
    </div>
  );
}
