import type { calendarSchema } from "@mcf/contracts/installs";
import { storeToday } from "@mcf/contracts/store-today";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import type { z } from "zod";
import { errorText, useAdminQuery } from "./admin-queries.ts";
import { calendarKey, crewsKey } from "./admin-query-keys.ts";
import { useAdminSession } from "./admin-session.tsx";
import { shopTimeZone } from "./birmingham-time.ts";
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
        {data ? (
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
                            </div>
                          ))}
                        </td>
                      );
                    })}
                  </tr>
                ))}
                {data.crews.length === 0 ? (
                  <tr>
                    <td colSpan={8} className="px-3 py-8 text-center text-stone-600">
                      No crews yet: add one below.
                    </td>
                  </tr>
                ) : null}
              </tbody>
            </table>
          </ScrollRegion>
        ) : null}
      </section>
      <CrewForm />
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
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}
