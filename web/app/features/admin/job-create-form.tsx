import type { AdminJobDetail } from "@mcf/contracts/installs";
import { jobFlooringLabels, jobFlooringTypes } from "@mcf/contracts/installs-options";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { errorText } from "./admin-queries.ts";
import { adminListKeys } from "./admin-query-keys.ts";
import { useAdminSession } from "./admin-session.tsx";

/** A new job: from an inquiry by its number, or from the customer's details. */
export function JobCreateForm({
  onCreated,
  onCancel,
}: {
  onCreated: (jobId: number) => void;
  onCancel: () => void;
}) {
  const { request } = useAdminSession();
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? "").trim();
    const inquiry = text("inquiry_id");
    const body = inquiry
      ? {
          inquiry_id: Number(inquiry),
          ...(text("flooring_type") ? { flooring_type: text("flooring_type") } : {}),
        }
      : {
          customer_name: text("customer_name"),
          customer_email: text("customer_email"),
          customer_phone: text("customer_phone"),
          address: text("address"),
          flooring_type: text("flooring_type"),
        };
    setError(null);
    try {
      const created = await request<AdminJobDetail>("/api/admin/jobs", { method: "POST", body });
      await client.invalidateQueries({ queryKey: adminListKeys.jobs });
      onCreated(created.job.id);
    } catch (caught) {
      setError(errorText(caught, "Failed to create the job"));
    }
  }

  const field = (name: string, label: string, type = "text") => (
    <div>
      <label htmlFor={`job-${name}`} className="field-label">
        {label}
      </label>
      <input id={`job-${name}`} name={name} type={type} className="field-input" />
    </div>
  );

  return (
    <form
      onSubmit={submit}
      aria-label="New job"
      className="space-y-3 rounded-lg border border-stone-200 bg-white p-4 shadow-sm"
    >
      <h2 className="text-lg font-semibold text-navy-800">New job</h2>
      {field("inquiry_id", "From inquiry number", "number")}
      <p className="text-sm text-stone-600">…or type the customer&apos;s details:</p>
      {field("customer_name", "Customer name")}
      {field("customer_email", "Email", "email")}
      {field("customer_phone", "Phone", "tel")}
      {field("address", "Address")}
      <div>
        <label htmlFor="job-flooring_type" className="field-label">
          Flooring type
        </label>
        <select id="job-flooring_type" name="flooring_type" className="field-input" defaultValue="">
          <option value="">From the inquiry</option>
          {jobFlooringTypes.map((type) => (
            <option key={type} value={type}>
              {jobFlooringLabels[type]}
            </option>
          ))}
        </select>
      </div>
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex gap-2">
        <button type="submit" className="btn-primary">
          Create job
        </button>
        <button type="button" className="btn-outline" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
