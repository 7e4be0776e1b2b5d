import type { BookingCreated, Slot } from "@mcf/contracts/booking";
import { storeTimeZone } from "@mcf/contracts/business";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { ApiError, api, isAbortError, serverDetail } from "../../lib/api.ts";
import { visitWhen } from "../../lib/install-visits.ts";

const failed = "Something went wrong. Please try again or call us.";

const dayKey = new Intl.DateTimeFormat("en-CA", { timeZone: storeTimeZone });
const dayLabel = new Intl.DateTimeFormat("en-US", {
  timeZone: storeTimeZone,
  weekday: "short",
  month: "short",
  day: "numeric",
});
const timeLabel = new Intl.DateTimeFormat("en-US", {
  timeZone: storeTimeZone,
  hour: "numeric",
  minute: "2-digit",
});

/** The slots by store day, each time once (the first crew free then). */
function slotsByDay(slots: Slot[]): Array<{ day: string; label: string; slots: Slot[] }> {
  const days = new Map<string, Slot[]>();
  for (const slot of slots) {
    const day = dayKey.format(new Date(slot.start));
    const list = days.get(day) ?? [];
    if (!list.some((s) => s.start === slot.start)) list.push(slot);
    days.set(day, list);
  }
  return [...days.entries()].map(([day, list]) => ({
    day,
    label: dayLabel.format(new Date(list[0]?.start ?? `${day}T12:00:00Z`)),
    slots: list,
  }));
}

/** The contact details a booking from scratch sends (the inquiry form's fields). */
export interface BookingContact {
  name: string;
  email: string;
  phone: string;
  address: string;
  flooring_type: string[];
  zip?: string;
}

/** Who the booking is for: the inquiry's fields, a job's token, or a signed visit link. */
export type BookingTarget =
  | { kind: "contact"; contact: BookingContact | null }
  | { kind: "job"; token: string }
  | { kind: "reschedule"; ref: string };

function bookingRequest(target: BookingTarget, slot: Slot, zip: string) {
  const picked = { start: slot.start, crew_id: slot.crew_id };
  if (target.kind === "job")
    return {
      path: `/api/installation/jobs/${encodeURIComponent(target.token)}/measure`,
      body: { slot: picked },
    };
  if (target.kind === "reschedule")
    return {
      path: `/api/installation/visits/${encodeURIComponent(target.ref)}/reschedule`,
      body: { slot: picked },
    };
  return { path: "/api/installation/bookings", body: { ...target.contact, zip, slot: picked } };
}

/**
 * The free measure visits at a ZIP code, by day: the visitor picks a time and books it. When the
 * time was just taken, the next free times replace the list with the server's message.
 */
export function SlotPicker({
  zip,
  target,
  onBooked,
  actionLabel = "Book this time",
  children,
}: {
  zip: string;
  target: BookingTarget;
  onBooked: (booking: BookingCreated) => void;
  actionLabel?: string;
  /** Shown above the times only when there are times to book (the visitor's details). */
  children?: ReactNode;
}) {
  const [slots, setSlots] = useState<Slot[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [picked, setPicked] = useState<Slot | null>(null);
  const [day, setDay] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    setSlots(null);
    setError(null);
    api<{ slots: Slot[] }>(`/api/installation/slots?zip=${encodeURIComponent(zip)}`, {
      signal: controller.signal,
    })
      .then((answer) => setSlots(answer.slots))
      .catch((caught) => {
        if (!isAbortError(caught)) setError(serverDetail(caught) ?? failed);
      });
    return () => controller.abort();
  }, [zip]);

  const days = useMemo(() => slotsByDay(slots ?? []), [slots]);
  const shownDay = days.find((d) => d.day === day) ?? days[0];

  async function book() {
    if (!picked) return;
    if (target.kind === "contact" && !target.contact) return;
    setBusy(true);
    setError(null);
    setNotice(null);
    const request = bookingRequest(target, picked, zip);
    try {
      const answer = await api<BookingCreated>(request.path, {
        method: "POST",
        body: request.body,
      });
      onBooked(answer);
    } catch (caught) {
      const offered = (caught as ApiError | null)?.body as { slots?: Slot[] } | null;
      if (caught instanceof ApiError && caught.status === 409 && offered?.slots) {
        setSlots(offered.slots);
        setPicked(null);
        setDay(null);
        setNotice(caught.detail);
      } else setError(serverDetail(caught) ?? failed);
    } finally {
      setBusy(false);
    }
  }

  if (error && slots === null)
    return (
      <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-800">
        {error}
      </p>
    );
  if (slots === null)
    return (
      <p className="text-stone-600" aria-busy="true">
        Loading free times…
      </p>
    );
  if (days.length === 0)
    return (
      <p className="rounded-lg bg-stone-100 p-4 text-stone-700">
        Every crew is booked for the next weeks. Call us and we will find a time with you, or{" "}
        <a href="/installation#inquiry" className="font-semibold text-oak-700 underline">
          request a free quote
        </a>{" "}
        and we will call you.
      </p>
    );

  return (
    <div className="space-y-4" data-testid="slot-picker">
      {children}
      {notice && (
        <p role="alert" className="rounded-lg bg-amber-50 p-3 text-amber-900">
          {notice}
        </p>
      )}
      {/* A fieldset is as wide as its content unless told otherwise: the day strip scrolls. */}
      <fieldset className="min-w-0">
        <legend className="field-label mb-2">Day</legend>
        <div className="flex gap-2 overflow-x-auto pb-2">
          {days.map((d) => (
            <button
              key={d.day}
              type="button"
              aria-pressed={d.day === shownDay?.day}
              onClick={() => {
                setDay(d.day);
                setPicked(null);
              }}
              className={`min-h-11 shrink-0 rounded-lg border px-3 py-2 text-sm ${
                d.day === shownDay?.day
                  ? "border-oak-700 bg-oak-700 text-white"
                  : "border-stone-300 bg-white text-stone-800"
              }`}
            >
              {d.label}
            </button>
          ))}
        </div>
      </fieldset>
      {shownDay && (
        <fieldset className="min-w-0">
          <legend className="field-label mb-2">Time on {shownDay.label}</legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {shownDay.slots.map((slot) => (
              <button
                key={`${slot.start}-${slot.crew_id}`}
                type="button"
                aria-pressed={picked?.start === slot.start}
                onClick={() => setPicked(slot)}
                className={`min-h-11 rounded-lg border px-3 py-2 text-sm font-semibold ${
                  picked?.start === slot.start
                    ? "border-sage-600 bg-sage-600 text-white"
                    : "border-stone-300 bg-white text-stone-800"
                }`}
              >
                {timeLabel.format(new Date(slot.start))}
              </button>
            ))}
          </div>
        </fieldset>
      )}
      {error && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800">
          {error}
        </p>
      )}
      <button
        type="button"
        className="btn-primary w-full px-6 py-3 sm:w-auto"
        disabled={!picked || busy || (target.kind === "contact" && !target.contact)}
        onClick={book}
      >
        {busy
          ? "Booking…"
          : picked
            ? `${actionLabel}: ${visitWhen(picked.start, picked.end)}`
            : "Choose a time"}
      </button>
    </div>
  );
}

/** What the visitor reads once the visit is booked. */
export function BookingConfirmation({ booking }: { booking: BookingCreated }) {
  return (
    <div
      className="space-y-3 rounded-xl border border-sage-600/40 bg-sage-600/10 p-5"
      data-testid="booking-confirmation"
    >
      <h2 className="text-2xl font-bold">Your measure visit is booked</h2>
      <p className="text-lg">{visitWhen(booking.visit.start, booking.visit.end)}</p>
      <p className="text-stone-700">
        {booking.visit.crew_name} comes to {booking.visit.address}. We emailed you the confirmation
        with a calendar invite.
      </p>
      <div className="flex flex-wrap gap-3">
        <a href={`/installation/visit/${booking.ref}`} className="btn-outline px-4 py-2">
          Move or cancel the visit
        </a>
        <a href={`/installation/jobs/${booking.token}`} className="btn-outline px-4 py-2">
          Your project page
        </a>
      </div>
    </div>
  );
}

/** The ZIP code at the end of an address, or null. */
export function zipOfAddress(address: string): string | null {
  const found = address.match(/\b\d{5}(?:-\d{4})?\b/g);
  return found ? (found[found.length - 1]?.slice(0, 5) ?? null) : null;
}
