import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { useAdminQuery } from "./admin-queries.ts";
import { crewsKey } from "./admin-query-keys.ts";
import { shopInputToIso } from "./birmingham-time.ts";

interface Crew {
  id: number;
  name: string;
}

/** Crew, start (Birmingham time) and length of a measure visit or an install. */
export function VisitForm({
  label,
  defaultHours,
  busy,
  onSubmit,
}: {
  label: string;
  defaultHours: number;
  busy: boolean;
  onSubmit: (visit: { crew_id: number; starts_at: string; ends_at: string }) => void;
}) {
  const crews = useAdminQuery<{ crews: Crew[] }>(crewsKey, "/api/admin/crews");
  const [problem, setProblem] = useState<string | null>(null);
  const id = label.toLowerCase().replace(/\W+/g, "-");

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const starts = shopInputToIso(String(form.get("starts_at") ?? ""));
    const hours = Number(form.get("hours"));
    if (!starts || !(hours > 0)) {
      setProblem("Choose a start date and time and a length in hours");
      return;
    }
    setProblem(null);
    onSubmit({
      crew_id: Number(form.get("crew_id")),
      starts_at: starts,
      ends_at: new Date(new Date(starts).getTime() + hours * 3_600_000).toISOString(),
    });
  }

  // A new store has no crews yet: say where they are added instead of an empty choice.
  if (crews.data && crews.data.crews.length === 0)
    return (
      <div role="note" aria-label={label} className="rounded-lg bg-stone-50 p-3 text-sm">
        <p className="text-stone-700">
          No crews yet. Crews are added in the Calendar tab; then book the visit here.
        </p>
        <Link to="/admin?tab=calendar" className="btn-outline mt-2 inline-block">
          Add a crew in the Calendar tab
        </Link>
      </div>
    );

  return (
    <form
      onSubmit={submit}
      aria-label={label}
      className="grid gap-2 sm:grid-cols-[1fr_1fr_5rem_auto] sm:items-end"
    >
      <div>
        <label htmlFor={`${id}-crew`} className="field-label">
          Crew
        </label>
        <select id={`${id}-crew`} name="crew_id" className="field-input" required>
          {(crews.data?.crews ?? []).map((crew) => (
            <option key={crew.id} value={crew.id}>
              {crew.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-start`} className="field-label">
          Starts
        </label>
        <input
          id={`${id}-start`}
          name="starts_at"
          type="datetime-local"
          className="field-input"
          required
        />
      </div>
      <div>
        <label htmlFor={`${id}-hours`} className="field-label">
          Hours
        </label>
        <input
          id={`${id}-hours`}
          name="hours"
          type="number"
          min="0.5"
          step="0.5"
          defaultValue={defaultHours}
          className="field-input"
        />
      </div>
      <button type="submit" className="btn-primary" disabled={busy}>
        {label}
      </button>
      {problem ? (
        <p role="alert" className="text-sm text-red-700 sm:col-span-4">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
