import type { calendarSchema } from "@mcf/contracts/installs";
import { storeToday } from "@mcf/contracts/store-today";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import type { z } from "zod";
import { errorText, useAdminQuery } from "./admin-queries.ts";
import { calendarKey, crewsKey } from "./admin-query-keys.ts";
import { useAdminSession } from "./admin-session.tsx";
import { shopTimeZone } from "./birmingham-time.ts";
import { ErrorLine } from "./error-line.tsx";
import { ScrollRegion } from "./scroll-region.tsx";
import { useToast } from "./toast.tsx";

type Calendar = z.infer<typeof calendarSchema>;
const dayMs = 86_400_000;
const dayKey = new Intl.DateTimeFormat("en-CA", { timeZone: shopTimeZone });
const dayHeading = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  weekday: "short",
  month: "short",
  day: "numeric",
});
const time = new Intl.DateTimeFormat("en-US", {
  timeZone: shopTimeZone,
  hour: "numeric",
  minute: "2-digit",
});

const shiftWeek = (week: string, weeks: number) =>
  new Date(new Date(`${week}T00:00:00Z`).getTime() + weeks * 7 * dayMs).toISOString().slice(0, 10);

/** A week (Monday to Sunday) of measure visits and installs, one row per crew; crews are added here. */
export function CalendarTab() {
  const [week, setWeek] = useState(() => storeToday());
  const calendar = useAdminQuery<Calendar>(calendarKey(week), `/api/admin/calendar?week=${week}`);
  const data = calendar.data;
  const days = data
    ? Array.from(
        { length: 7 },
        (_, i) => new Date(new Date(`${data.week_start}T00:00:00Z`).getTime() + i * dayMs),
      )
    : [];

  return (
    <div className="space-y-4">
      <section
        aria-label="Week calendar"
        className="rounded-lg border border-stone-200 bg-white shadow-sm"
      >
        <div className="flex flex-wrap items-center gap-2 border-b border-stone-200 p-3">
          <button
            type="button"
            className="btn-outline py-1"
            onClick={() => setWeek(shiftWeek(data?.week_start ?? week, -1))}
          >
            Previous week
          </button>
          <button
            type="button"
            className="btn-outline py-1"
            onClick={() => setWeek(shiftWeek(data?.week_start ?? week, 1))}
          >
            Next week
          </button>
          <p className="text-sm font-semibold text-navy-800">
            {data ? `Week of ${dayHeading.format(days[0])}` : "Loading…"}
          </p>
        </div>
        {calendar.error ? (
          <p role="alert" className="m-3 rounded bg-red-50 p-3 text-sm text-red-800">
            {errorText(calendar.error, "Failed to load the calendar")}
          </p>
        ) : null}
        {data && data.crews.length === 0 ? (
          // Said in the page's width: inside the week's wide table a phone showed only its start.
          <p className="px-3 py-8 text-center text-stone-600">No crews yet: add one below.</p>
        ) : data ? (
          <ScrollRegion label="Week of visits per crew" className="max-h-none">
            <table className="w-full min-w-[56rem] table-fixed text-left text-sm">
              <thead className="bg-stone-50 text-xs text-stone-600 uppercase">
                <tr>
                  <th scope="col" className="w-32 px-2 py-2">
                    Crew
                  </th>
                  {days.map((day) => (
                    <th key={day.toISOString()} scope="col" className="px-2 py-2">
                      {dayHeading.format(day)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.crews.map((crew) => (
                  <tr key={crew.id} className="border-t border-stone-100 align-top">
                    <th scope="row" className="px-2 py-2 font-semibold">
                      {crew.name}
                    </th>
                    {days.map((day) => {
                      const key = day.toISOString().slice(0, 10);
                      const visits = data.appointments.filter(
                        (a) =>
                          a.crew_id === crew.id && dayKey.format(new Date(a.starts_at)) === key,
                      );
                      return (
                        <td key={key} className="px-1 py-1">
                          {visits.map((a) => (
                            <div
                              key={a.id}
                              className={`mb-1 rounded px-2 py-1 text-xs ${a.kind === "install" ? "bg-oak-100 text-oak-700" : "bg-sky-100 text-sky-900"}`}
                            >
                              <strong>{a.kind === "install" ? "Install" : "Measure"}</strong>{" "}
                              {time.format(new Date(a.starts_at))}–
                              {time.format(new Date(a.ends_at))}
                              <br />
                              {a.customer_name}
                              <br />
                              <span className="italic">
                                {a.booked_by === "customer"
                                  ? "Booked online by customer"
                                  : "Booked by staff"}
                              </span>
                            </div>
                          ))}
                          {data.time_off
                            .filter(
                              (off) =>
                                off.crew_id === crew.id &&
                                dayKey.format(new Date(off.starts_at)) <= key &&
                                dayKey.format(new Date(Date.parse(off.ends_at) - 1)) >= key,
                            )
                            .map((off) => (
                              <div
                                key={off.id}
                                className="mb-1 rounded bg-stone-200 px-2 py-1 text-xs text-stone-800"
                              >
                                <strong>Off</strong> {time.format(new Date(off.starts_at))}–
                                {time.format(new Date(off.ends_at))}
                                {off.reason ? ` (${off.reason})` : ""}
                              </div>
                            ))}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        ) : null}
      </section>
      <CrewForm />
      {data && data.crews.length > 0 ? <CrewScheduleForm crews={data.crews} /> : null}
    </div>
  );
}

function CrewForm() {
  const { request } = useAdminSession();
  const client = useQueryClient();
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get("name") ?? "");
    setError(null);
    try {
      await request("/api/admin/crews", { method: "POST", body: { name } });
      form.reset();
      // Crews are often named "Crew A (Marcus)": the name stands alone.
      toast(`${name} added to the crews`);
      await client.invalidateQueries({ queryKey: crewsKey });
      await client.invalidateQueries({ queryKey: ["admin", "calendar"] });
    } catch (caught) {
      setError(errorText(caught, "Failed to add the crew"));
    }
  }
  return (
    <form
      onSubmit={submit}
      aria-label="Add crew"
      className="flex flex-wrap items-end gap-2 rounded-lg border border-stone-200 bg-white p-3"
    >
      <div>
        <label htmlFor="crew-name" className="field-label">
          New crew name
        </label>
        <input id="crew-name" name="name" required className="field-input" />
      </div>
      <button type="submit" className="btn-primary">
        Add crew
      </button>
      <ErrorLine message={error} />
    </form>
  );
}

const weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** A crew's working hours and weekdays, and its days off or blocked times. */
function CrewScheduleForm({ crews }: { crews: Calendar["crews"] }) {
  const { request } = useAdminSession();
  const client = useQueryClient();
  const toast = useToast();
  const [crewId, setCrewId] = useState(crews[0]?.id ?? 0);
  const crew = crews.find((c) => c.id === crewId) ?? crews[0];
  const [error, setError] = useState<string | null>(null);
  if (!crew) return null;

  async function saveHours(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setError(null);
    try {
      await request(`/api/admin/crews/${crewId}/hours`, {
        method: "PUT",
        body: {
          work_start: String(form.get("work_start")),
          work_end: String(form.get("work_end")),
          work_days: form.getAll("work_days").map(Number),
        },
      });
      toast("Working hours saved");
      await client.invalidateQueries({ queryKey: ["admin", "calendar"] });
    } catch (caught) {
      setError(errorText(caught, "Failed to save the hours"));
    }
  }

  async function addTimeOff(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const target = event.currentTarget;
    const form = new FormData(target);
    const date = String(form.get("date"));
    const from = String(form.get("from") ?? "");
    const to = String(form.get("to") ?? "");
    const reason = String(form.get("reason") ?? "") || undefined;
    setError(null);
    // One time alone would otherwise become a whole day off, taking the day from customers.
    if (Boolean(from) !== Boolean(to)) {
      setError(
        "Give both From and To to block a time, or leave both empty for a whole day off. Nothing was added.",
      );
      return;
    }
    try {
      const body =
        from && to
          ? {
              starts_at: zonedIso(date, from),
              ends_at: zonedIso(date, to),
              reason,
            }
          : { date, reason };
      await request(`/api/admin/crews/${crewId}/time-off`, { method: "POST", body });
      target.reset();
      toast(from && to ? "Time blocked" : "Day off added");
      await client.invalidateQueries({ queryKey: ["admin", "calendar"] });
    } catch (caught) {
      setError(errorText(caught, "Failed to add the time off"));
    }
  }

  return (
    <section
      aria-label="Crew schedule"
      className="space-y-4 rounded-lg border border-stone-200 bg-white p-3"
    >
      <div>
        <label htmlFor="schedule-crew" className="field-label">
          Crew schedule
        </label>
        <select
          id="schedule-crew"
          className="field-input w-auto"
          value={crew.id}
          onChange={(event) => setCrewId(Number(event.target.value))}
        >
          {crews.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <form
        key={`hours-${crew.id}`}
        onSubmit={saveHours}
        aria-label="Working hours"
        className="flex flex-wrap items-end gap-3"
      >
        <div>
          <label htmlFor="work-start" className="field-label">
            Starts
          </label>
          <input
            id="work-start"
            name="work_start"
            type="time"
            required
            defaultValue={crew.work_start}
            className="field-input"
          />
        </div>
        <div>
          <label htmlFor="work-end" className="field-label">
            Ends
          </label>
          <input
            id="work-end"
            name="work_end"
            type="time"
            required
            defaultValue={crew.work_end}
            className="field-input"
          />
        </div>
        <fieldset className="flex flex-wrap gap-2">
          <legend className="field-label">Works on</legend>
          {weekdays.map((label, day) => (
            <label key={label} className="flex items-center gap-1 text-sm">
              <input
                type="checkbox"
                name="work_days"
                value={day}
                defaultChecked={crew.work_days.includes(day)}
              />
              {label}
            </label>
          ))}
        </fieldset>
        <button type="submit" className="btn-primary">
          Save hours
        </button>
      </form>
      <form
        onSubmit={addTimeOff}
        aria-label="Day off or blocked time"
        className="flex flex-wrap items-end gap-3"
      >
        <div>
          <label htmlFor="off-date" className="field-label">
            Day off or blocked day
          </label>
          <input id="off-date" name="date" type="date" required className="field-input" />
        </div>
        <div>
          <label htmlFor="off-from" className="field-label">
            From (blank: whole day)
          </label>
          <input id="off-from" name="from" type="time" className="field-input" />
        </div>
        <div>
          <label htmlFor="off-to" className="field-label">
            To
          </label>
          <input id="off-to" name="to" type="time" className="field-input" />
        </div>
        <div>
          <label htmlFor="off-reason" className="field-label">
            Reason
          </label>
          <input id="off-reason" name="reason" className="field-input" />
        </div>
        <button type="submit" className="btn-outline">
          Add time off
        </button>
      </form>
      <ErrorLine message={error} />
    </section>
  );
}

/** A date and a wall-clock time in the store's time zone, as an ISO instant. */
function zonedIso(date: string, clock: string): string {
  const wall = new Date(`${date}T${clock}:00Z`);
  const shown = new Date(wall.toLocaleString("en-US", { timeZone: shopTimeZone }));
  const utc = new Date(wall.toLocaleString("en-US", { timeZone: "UTC" }));
  return new Date(wall.getTime() + (utc.getTime() - shown.getTime())).toISOString();
}
