import { actorDisplayName } from "@mcf/contracts/staff";
import { type AdminSettingsResponse, settingsSavedMessage } from "@mcf/contracts/store-settings";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { ApiError } from "../../lib/api.ts";
import { errorText, useAdminQuery } from "./admin-queries.ts";
import { useAdminSession } from "./admin-session.tsx";
import { formatShopTime } from "./birmingham-time.ts";
import { RefundPermissionsForm } from "./refund-permissions-form.tsx";
import {
  bookingRuleFields,
  businessNumberFields,
  checkForm,
  closedDaysOf,
  deliveryLimitFields,
  deliveryPriceFields,
  type FieldErrors,
  fromForm,
  type SettingsForm,
  samplePriceFields,
  serverFieldErrors,
  toForm,
  zipListOf,
} from "./settings-form.ts";

export const settingsQueryKey = ["admin", "settings"] as const;

/** The notice of values customers still see as placeholders (Settings tab and dashboard). */
export function PlaceholderNotice({ fields, action }: { fields: string[]; action?: ReactNode }) {
  if (fields.length === 0) return null;
  // The staff alerts address is never shown to customers: it is where leads go.
  const staffAlerts = "Staff alerts email";
  const customerFacing = fields.filter((field) => field !== staffAlerts);
  return (
    <div
      role="note"
      aria-label="Placeholder settings"
      className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <p className="font-semibold">Some store details are still placeholders</p>
      {customerFacing.length > 0 ? (
        <p className="mt-1">
          Customers see these on every page and email until you replace them:{" "}
          <strong>{customerFacing.join(", ")}</strong>.
        </p>
      ) : null}
      {fields.includes(staffAlerts) ? (
        <p className="mt-1">
          New inquiries, claims and date requests go to a placeholder address until you set the{" "}
          <strong>{staffAlerts}</strong>: no one on the team receives them.
        </p>
      ) : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}

type Status =
  | { kind: "idle" }
  | { kind: "saving" }
  | { kind: "saved" }
  | { kind: "error"; text: string };

/** The owner's Settings tab: the store's details, prices, partners and names, saved together. */
export function SettingsTab() {
  const query = useAdminQuery<AdminSettingsResponse>(settingsQueryKey, "/api/admin/settings");
  if (query.isPending)
    return (
      <p role="status" className="p-6 text-stone-600">
        Loading settings…
      </p>
    );
  if (query.isError || !query.data)
    return (
      <div role="alert" className="m-4 rounded-lg bg-red-50 p-4 text-red-800">
        <p>{errorText(query.error, "Could not load the settings.")}</p>
        <button type="button" className="btn-outline mt-3" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  return (
    <>
      <SettingsEditor saved={query.data} />
      <section
        aria-labelledby="refund-permissions-heading"
        className="m-4 space-y-2 rounded-lg border border-stone-200 bg-white p-4 shadow-sm"
      >
        <h2
          id="refund-permissions-heading"
          className="font-sans text-base font-semibold text-navy-800"
        >
          Who may refund
        </h2>
        <RefundPermissionsForm />
      </section>
    </>
  );
}

function SettingsEditor({ saved }: { saved: AdminSettingsResponse }) {
  const { request } = useAdminSession();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<SettingsForm>(() => toForm(saved.settings));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  useEffect(() => {
    if (status.kind === "saved") {
      const timer = setTimeout(() => setStatus({ kind: "idle" }), 6000);
      return () => clearTimeout(timer);
    }
  }, [status]);

  const update = (change: (draft: SettingsForm) => SettingsForm) => {
    setForm(change);
    if (status.kind === "saved") setStatus({ kind: "idle" });
  };

  // A save that found problems takes the keyboard to the first marked field, above the sticky
  // save bar (a phone's screen is short: the field was under the bar).
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (status.kind !== "error" || Object.keys(errors).length === 0) return;
    formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
  }, [status, errors]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = checkForm(form);
    if (problems) {
      setErrors(problems);
      setStatus({ kind: "error", text: "Some values need fixing: see the marked fields." });
      return;
    }
    setErrors({});
    setStatus({ kind: "saving" });
    try {
      const answer = await request<AdminSettingsResponse>("/api/admin/settings", {
        method: "PUT",
        body: fromForm(form),
      });
      queryClient.setQueryData(settingsQueryKey, answer);
      setForm(toForm(answer.settings));
      setStatus({ kind: "saved" });
    } catch (error) {
      const fields = error instanceof ApiError ? serverFieldErrors(error.body) : null;
      if (fields && Object.keys(fields).length > 0) setErrors(fields);
      setStatus({
        kind: "error",
        text: fields
          ? "Some values need fixing: see the marked fields."
          : errorText(error, "Could not save the settings. Please try again."),
      });
    }
  };

  const text = (
    path: string,
    label: string,
    value: string,
    set: (v: string) => void,
    extra: InputExtras = {},
  ) => (
    <Field
      key={path}
      path={path}
      label={label}
      error={errors[path]}
      hint={extra.hint}
      wide={extra.wide}
    >
      {(props) =>
        extra.multiline ? (
          <textarea
            {...props}
            rows={extra.rows ?? 3}
            value={value}
            onChange={(e) => set(e.target.value)}
          />
        ) : (
          <input
            {...props}
            type={extra.type ?? "text"}
            inputMode={extra.inputMode}
            autoComplete="off"
            value={value}
            onChange={(e) => set(e.target.value)}
          />
        )
      }
    </Field>
  );
  const money = (path: string, label: string, value: string, set: (v: string) => void) =>
    text(path, `${label} ($)`, value, set, { inputMode: "decimal" });

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      aria-label="Store settings"
      className="mx-auto max-w-4xl space-y-6 p-4 [&_[aria-invalid=true]]:scroll-mb-28"
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="font-sans text-xl font-semibold text-navy-800">Store settings</h2>
          <p className="text-sm text-stone-600">
            Every page, email, receipt and the checkout use these values as soon as you save.
            {saved.updated_at
              ? ` Last saved ${formatShopTime(saved.updated_at)}${saved.updated_by ? ` by ${actorDisplayName(saved.updated_by)}` : ""}.`
              : " Nothing saved yet: the store uses the values it shipped with."}
          </p>
        </div>
      </div>
      <PlaceholderNotice fields={saved.placeholders} />

      <Section title="Business">
        {text("business_name", "Business name", form.business_name, (v) =>
          update((f) => ({ ...f, business_name: v })),
        )}
        {text("phone", "Phone", form.phone, (v) => update((f) => ({ ...f, phone: v })), {
          type: "tel",
        })}
        {text("email", "Email", form.email, (v) => update((f) => ({ ...f, email: v })), {
          type: "email",
          wide: true,
        })}
        {text(
          "staff_email",
          "Staff alerts email",
          form.staff_email,
          (v) => update((f) => ({ ...f, staff_email: v })),
          {
            type: "email",
            wide: true,
            hint: "New inquiries, contact messages, delivery claims and date requests go here. Customers never see it.",
          },
        )}
      </Section>

      <Section title="Showroom address">
        {text(
          "address.street",
          "Street address",
          form.address.street,
          (v) => update((f) => ({ ...f, address: { ...f.address, street: v } })),
          { wide: true },
        )}
        {text("address.city", "City", form.address.city, (v) =>
          update((f) => ({ ...f, address: { ...f.address, city: v } })),
        )}
        <div className="grid grid-cols-2 gap-3">
          {text("address.state", "State", form.address.state, (v) =>
            update((f) => ({ ...f, address: { ...f.address, state: v } })),
          )}
          {text(
            "address.zip",
            "ZIP code",
            form.address.zip,
            (v) => update((f) => ({ ...f, address: { ...f.address, zip: v } })),
            { inputMode: "numeric" },
          )}
        </div>
        {text("map_url", "Map link", form.map_url, (v) => update((f) => ({ ...f, map_url: v })), {
          type: "url",
          wide: true,
          hint: "An https:// link to the showroom on a map; leave empty for none.",
        })}
      </Section>

      <Section title="Opening hours" error={errors.hours}>
        <RowList
          rows={form.hours}
          addLabel="Add a line of hours"
          removeLabel={(row, i) => `Remove hours line ${i + 1}${row.days ? ` (${row.days})` : ""}`}
          onAdd={() => update((f) => ({ ...f, hours: [...f.hours, { days: "", time: "" }] }))}
          onRemove={(i) => update((f) => ({ ...f, hours: f.hours.filter((_, j) => j !== i) }))}
          render={(row, i) => (
            <>
              {text(
                `hours.${i}.days`,
                "Days",
                row.days,
                (v) =>
                  update((f) => ({
                    ...f,
                    hours: f.hours.map((h, j) => (j === i ? { ...h, days: v } : h)),
                  })),
                { hint: i === 0 ? "Like Mon-Fri" : undefined },
              )}
              {text(
                `hours.${i}.time`,
                "Hours",
                row.time,
                (v) =>
                  update((f) => ({
                    ...f,
                    hours: f.hours.map((h, j) => (j === i ? { ...h, time: v } : h)),
                  })),
                { hint: i === 0 ? "Like 8AM-6PM, or closed" : undefined },
              )}
            </>
          )}
        />
      </Section>

      <Section
        title="Sales tax by ship-to state"
        error={errors.tax_rates}
        note="States not listed pay no sales tax. Tax is charged on merchandise after discount; a showroom pickup pays the showroom state's rate."
      >
        <RowList
          rows={form.tax_rates}
          addLabel="Add a state"
          removeLabel={(row, i) => `Remove tax rate ${row.state || i + 1}`}
          onAdd={() =>
            update((f) => ({ ...f, tax_rates: [...f.tax_rates, { state: "", rate_percent: "" }] }))
          }
          onRemove={(i) =>
            update((f) => ({ ...f, tax_rates: f.tax_rates.filter((_, j) => j !== i) }))
          }
          render={(row, i) => (
            <>
              {text(`tax_rates.${i}.state`, "State", row.state, (v) =>
                update((f) => ({
                  ...f,
                  tax_rates: f.tax_rates.map((r, j) => (j === i ? { ...r, state: v } : r)),
                })),
              )}
              {text(
                `tax_rates.${i}.rate_percent`,
                "Rate (%)",
                row.rate_percent,
                (v) =>
                  update((f) => ({
                    ...f,
                    tax_rates: f.tax_rates.map((r, j) => (j === i ? { ...r, rate_percent: v } : r)),
                  })),
                { inputMode: "decimal" },
              )}
            </>
          )}
        />
      </Section>

      <Section title="Delivery prices">
        {deliveryPriceFields.map(([key, label]) =>
          money(`delivery.${key}`, label, form.delivery[key], (v) =>
            update((f) => ({ ...f, delivery: { ...f.delivery, [key]: v } })),
          ),
        )}
      </Section>

      <Section
        title="Freight by distance"
        error={errors.freight_zones}
        note="Each zone starts at a distance from the showroom (straight-line miles to the ZIP code) and charges a percentage of the pallet rate. The first starts at 0 miles."
      >
        <RowList
          rows={form.freight_zones}
          addLabel="Add a zone"
          removeLabel={(row, i) => `Remove freight zone ${row.from_miles || i + 1}`}
          onAdd={() =>
            update((f) => ({
              ...f,
              freight_zones: [...f.freight_zones, { from_miles: "", percent: "" }],
            }))
          }
          onRemove={(i) =>
            update((f) => ({ ...f, freight_zones: f.freight_zones.filter((_, j) => j !== i) }))
          }
          render={(row, i) => (
            <>
              {text(
                `freight_zones.${i}.from_miles`,
                "From (miles)",
                row.from_miles,
                (v) =>
                  update((f) => ({
                    ...f,
                    freight_zones: f.freight_zones.map((z, j) =>
                      j === i ? { ...z, from_miles: v } : z,
                    ),
                  })),
                { inputMode: "numeric" },
              )}
              {text(
                `freight_zones.${i}.percent`,
                "Pallet rate (%)",
                row.percent,
                (v) =>
                  update((f) => ({
                    ...f,
                    freight_zones: f.freight_zones.map((z, j) =>
                      j === i ? { ...z, percent: v } : z,
                    ),
                  })),
                { inputMode: "numeric" },
              )}
            </>
          )}
        />
      </Section>

      <Section
        title="Delivery times and parcel limits"
        note="Business days are Monday to Friday; weekends and the closed days below do not count. The checkout dates every delivery from these."
      >
        {deliveryLimitFields.map(([key, label, hint]) =>
          text(
            `delivery_limits.${key}`,
            label,
            form.delivery_limits[key],
            (v) => update((f) => ({ ...f, delivery_limits: { ...f.delivery_limits, [key]: v } })),
            { inputMode: "numeric", hint },
          ),
        )}
      </Section>

      <Section
        title="Closed days"
        note="Neither the store nor its carriers pick up or deliver on these dates; delivery dates skip them like weekends."
      >
        {text(
          "delivery_limits.closed_days",
          "Closed days",
          form.delivery_limits.closed_days,
          (v) =>
            update((f) => ({ ...f, delivery_limits: { ...f.delivery_limits, closed_days: v } })),
          {
            multiline: true,
            rows: 6,
            hint: `One date a line, like 2026-12-25; at most 200 (${closedDayCountText(form.delivery_limits.closed_days)}).`,
          },
        )}
      </Section>

      <Section
        title="Local delivery area"
        note="Our own truck delivers only to these ZIP codes; elsewhere shoppers choose pickup, freight or parcel."
      >
        {text(
          "service_area_zips",
          "ZIP codes served by our truck",
          form.service_area_zips,
          (v) => update((f) => ({ ...f, service_area_zips: v })),
          {
            multiline: true,
            rows: 5,
            wide: true,
            hint: `Five-digit ZIP codes, separated by commas, spaces or new lines (${zipCountText(form.service_area_zips)}).`,
          },
        )}
      </Section>

      <Section title="Sample prices" note="The first 5 samples of an order are free.">
        {samplePriceFields.map(([key, label]) =>
          money(`samples.${key}`, label, form.samples[key], (v) =>
            update((f) => ({ ...f, samples: { ...f.samples, [key]: v } })),
          ),
        )}
      </Section>

      <Section
        title="Business numbers"
        note="Returns, installations and sample follow-ups use these as soon as you save. Every change is kept below."
      >
        {businessNumberFields.map(([key, label, hint]) =>
          text(
            `business_numbers.${key}`,
            label,
            form.business_numbers[key],
            (v) => update((f) => ({ ...f, business_numbers: { ...f.business_numbers, [key]: v } })),
            { inputMode: "decimal", hint },
          ),
        )}
        <BusinessHistory changes={saved.business_history} />
      </Section>

      <Section title="Price claims">
        <label className="flex items-start gap-2 text-sm text-stone-800 sm:col-span-2">
          <input
            type="checkbox"
            className="mt-0.5 h-5 w-5"
            checked={form.price_claims.estimate_their_price}
            onChange={(event) => {
              const checked = event.target.checked;
              update((f) => ({ ...f, price_claims: { estimate_their_price: checked } }));
            }}
          />
          <span>
            Show an estimated "Their price" (our price ÷ 0.75) on products without a competitor
            price. Turn this off if you cannot back a 25% saving claim; competitor prices you enter
            still show.
          </span>
        </label>
      </Section>

      <Section
        title="Reviews and questions"
        note="Shoppers' reviews and questions show once approved in the Reviews tab."
      >
        {text(
          "reviews.request_days",
          "Review request (days after delivery)",
          // A cleared field is 0 (shown empty), which the schema refuses with its message.
          form.reviews.request_days ? String(form.reviews.request_days) : "",
          (v) =>
            update((f) => ({
              ...f,
              reviews: { ...f.reviews, request_days: Number(v) || 0 },
            })),
          {
            inputMode: "numeric",
            hint: "Each delivered floor gets one email asking for a review this many days later.",
          },
        )}
        <label className="flex items-center gap-2 text-sm sm:col-span-2">
          <input
            type="checkbox"
            checked={form.reviews.buyers_may_answer}
            onChange={(e) =>
              update((f) => ({
                ...f,
                reviews: { ...f.reviews, buyers_may_answer: e.target.checked },
              }))
            }
          />
          Verified buyers may answer shoppers' questions (their answers are moderated too)
        </label>
      </Section>

      <Section
        title="Online measure booking"
        note="Customers book measure visits from the crews' working hours (set per crew in the Calendar tab), skipping the closed days and the store's closed weekdays."
      >
        {bookingRuleFields.map(([key, label, hint]) =>
          text(
            `booking.${key}`,
            label,
            form.booking[key],
            (v) => update((f) => ({ ...f, booking: { ...f.booking, [key]: v } })),
            { inputMode: "numeric", hint },
          ),
        )}
      </Section>

      <Section title="Room visualizer">
        {text(
          "room_visualizer_url",
          "Room visualizer address",
          form.room_visualizer_url,
          (v) => update((f) => ({ ...f, room_visualizer_url: v })),
          {
            type: "url",
            wide: true,
            hint: "The https:// address of the visualizer shown on /room-visualizer. Leave empty to hide the link in the footer and gallery.",
          },
        )}
      </Section>

      <Section
        title="Collection names"
        error={errors.collection_names}
        note="The name shoppers see for a collection code (so nobody sees an internal code like AR)."
      >
        <RowList
          rows={form.collection_names}
          addLabel="Add a collection name"
          removeLabel={(row, i) => `Remove collection name ${row.code || i + 1}`}
          onAdd={() =>
            update((f) => ({
              ...f,
              collection_names: [...f.collection_names, { code: "", name: "" }],
            }))
          }
          onRemove={(i) =>
            update((f) => ({
              ...f,
              collection_names: f.collection_names.filter((_, j) => j !== i),
            }))
          }
          render={(row, i) => (
            <>
              {text(`collection_names.${i}.code`, "Code", row.code, (v) =>
                update((f) => ({
                  ...f,
                  collection_names: f.collection_names.map((c, j) =>
                    j === i ? { ...c, code: v } : c,
                  ),
                })),
              )}
              {text(`collection_names.${i}.name`, "Shown as", row.name, (v) =>
                update((f) => ({
                  ...f,
                  collection_names: f.collection_names.map((c, j) =>
                    j === i ? { ...c, name: v } : c,
                  ),
                })),
              )}
            </>
          )}
        />
      </Section>

      <Section title="Partners on /partners" error={errors.partners}>
        <RowList
          rows={form.partners}
          addLabel="Add a partner"
          removeLabel={(row, i) => `Remove partner ${row.name || i + 1}`}
          onAdd={() =>
            update((f) => ({
              ...f,
              partners: [
                ...f.partners,
                { name: "", slug: "", description: "", category: "", url: "", logo: "" },
              ],
            }))
          }
          onRemove={(i) =>
            update((f) => ({ ...f, partners: f.partners.filter((_, j) => j !== i) }))
          }
          render={(row, i) => {
            const set = (key: keyof typeof row) => (v: string) =>
              update((f) => ({
                ...f,
                partners: f.partners.map((p, j) => (j === i ? { ...p, [key]: v } : p)),
              }));
            return (
              <div className="grid flex-1 gap-3 sm:grid-cols-2">
                {text(`partners.${i}.name`, "Name", row.name, set("name"))}
                {text(`partners.${i}.slug`, "Slug", row.slug, set("slug"))}
                {text(`partners.${i}.category`, "Category", row.category, set("category"))}
                {text(`partners.${i}.url`, "Site link", row.url, set("url"), { type: "url" })}
                {text(`partners.${i}.logo`, "Logo", row.logo ?? "", set("logo"), {
                  wide: true,
                  hint: "/img/partners/… or an https:// address; empty shows initials.",
                })}
                {text(
                  `partners.${i}.description`,
                  "Description",
                  row.description,
                  set("description"),
                  { wide: true, multiline: true },
                )}
              </div>
            );
          }}
        />
      </Section>

      <div className="sticky bottom-0 -mx-4 flex flex-wrap items-center gap-3 border-t border-stone-300 bg-white px-4 py-3 shadow-[0_-4px_12px_rgba(0,0,0,0.06)]">
        <button type="submit" className="btn-primary px-6" disabled={status.kind === "saving"}>
          {status.kind === "saving" ? "Saving…" : "Save settings"}
        </button>
        <p role="status" className="text-sm font-medium text-green-800">
          {status.kind === "saved" ? settingsSavedMessage : ""}
        </p>
        {status.kind === "error" ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {status.text}
          </p>
        ) : null}
      </div>
    </form>
  );
}

/** Who changed which business number (or the sample price), when, from what to what. */
function BusinessHistory({ changes }: { changes: AdminSettingsResponse["business_history"] }) {
  return (
    <div className="sm:col-span-2">
      <h4 className="mb-2 text-sm font-semibold text-navy-800">Change history</h4>
      {changes.length === 0 ? (
        <p className="text-sm text-stone-600">
          No changes yet: the store uses the values it started with.
        </p>
      ) : (
        <ul
          aria-label="Business number changes"
          className="max-h-64 space-y-1 overflow-y-auto text-sm"
        >
          {changes.map((change, index) => (
            <li key={index} className="rounded bg-stone-50 px-3 py-2">
              <span className="font-medium">{change.label}</span>: {change.before} → {change.after}{" "}
              <span className="text-stone-600">
                · {actorDisplayName(change.actor)} · {formatShopTime(change.changed_at)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function closedDayCountText(text: string): string {
  const count = closedDaysOf(text).length;
  return count === 1 ? "1 listed" : `${count} listed`;
}

function zipCountText(text: string): string {
  const count = zipListOf(text).length;
  return count === 1 ? "1 listed" : `${count} listed`;
}

interface InputExtras {
  type?: "text" | "tel" | "email" | "url";
  inputMode?: "decimal" | "numeric";
  hint?: string;
  wide?: boolean;
  multiline?: boolean;
  rows?: number;
}

function Section({
  title,
  note,
  error,
  children,
}: {
  title: string;
  note?: string;
  error?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <fieldset
      aria-labelledby={id}
      className="rounded-lg border border-stone-200 bg-white p-4 shadow-sm"
    >
      <legend id={id} className="px-1 font-sans text-base font-semibold text-navy-800">
        {title}
      </legend>
      {note ? <p className="mb-3 text-sm text-stone-600">{note}</p> : null}
      {error ? <p className="mb-3 text-sm font-medium text-red-700">{error}</p> : null}
      <div className="grid gap-3 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

function Field({
  path,
  label,
  error,
  hint,
  wide,
  children,
}: {
  path: string;
  label: string;
  error?: string;
  hint?: string;
  wide?: boolean;
  children: (props: {
    id: string;
    className: string;
    "aria-invalid": boolean;
    "aria-describedby"?: string;
  }) => ReactNode;
}) {
  const id = `setting-${path.replaceAll(".", "-")}`;
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {children({
        id,
        className: `field-input py-1.5 ${error ? "border-red-600" : ""}`,
        "aria-invalid": Boolean(error),
        ...(described ? { "aria-describedby": described } : {}),
      })}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-stone-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function RowList<T>({
  rows,
  render,
  onAdd,
  onRemove,
  addLabel,
  removeLabel,
}: {
  rows: T[];
  render: (row: T, index: number) => ReactNode;
  onAdd: () => void;
  onRemove: (index: number) => void;
  addLabel: string;
  removeLabel: (row: T, index: number) => string;
}) {
  return (
    <div className="space-y-3 sm:col-span-2">
      {rows.map((row, i) => (
        <div
          // Rows have no id of their own until saved; their place is their identity here.
          key={i}
          className="flex flex-wrap items-start gap-3 rounded-md bg-stone-50 p-3 sm:flex-nowrap [&>div]:min-w-0 [&>div]:flex-1"
        >
          {render(row, i)}
          <button
            type="button"
            className="mt-6 shrink-0 rounded px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50"
            aria-label={removeLabel(row, i)}
            onClick={() => onRemove(i)}
          >
            Remove
          </button>
        </div>
      ))}
      <button type="button" className="btn-outline text-sm" onClick={onAdd}>
        {addLabel}
      </button>
    </div>
  );
}
