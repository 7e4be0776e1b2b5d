/** The shop's clock: staff enter and read times in Birmingham, stored as UTC. */
import { storeTimeZone } from "@mcf/contracts/business";

export const shopTimeZone = storeTimeZone;

const partsFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: shopTimeZone,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

function wallClock(date: Date): {
  y: number;
  mo: number;
  d: number;
  h: number;
  mi: number;
  s: number;
} {
  const parts = Object.fromEntries(partsFormat.formatToParts(date).map((p) => [p.type, p.value]));
  return {
    y: Number(parts.year),
    mo: Number(parts.month),
    d: Number(parts.day),
    h: Number(parts.hour),
    mi: Number(parts.minute),
    s: Number(parts.second),
  };
}

/** Milliseconds Birmingham is ahead of UTC at that instant (negative: -5 or -6 hours). */
function offsetMs(date: Date): number {
  const w = wallClock(date);
  return Date.UTC(w.y, w.mo - 1, w.d, w.h, w.mi, w.s) - Math.floor(date.getTime() / 1000) * 1000;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** UTC ISO → "YYYY-MM-DDTHH:mm" in Birmingham, for a datetime-local input. Empty for null. */
export function isoToShopInput(iso: string | null): string {
  if (!iso) return "";
  const w = wallClock(new Date(iso));
  return `${w.y}-${pad(w.mo)}-${pad(w.d)}T${pad(w.h)}:${pad(w.mi)}`;
}

/** "YYYY-MM-DDTHH:mm" entered in Birmingham → UTC ISO; null for empty or invalid input. */
export function shopInputToIso(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  // The offset at the guessed instant, checked once more across a DST change.
  let instant = asUtc - offsetMs(new Date(asUtc));
  instant = asUtc - offsetMs(new Date(instant));
  return new Date(instant).toISOString();
}

const displayFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: shopTimeZone,
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

/** "Mar 4, 2026, 9:30 AM" in Birmingham time. */
export function formatShopTime(iso: string | null): string {
  return iso ? displayFormat.format(new Date(iso)) : "—";
}
