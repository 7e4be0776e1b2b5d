import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

/** Where a US ZIP code is: its state and its post office's coordinates. */
export interface ZipPlace {
  state: string;
  latitude: number;
  longitude: number;
}

interface ZipTable {
  /** ZIP codes as numbers, ascending; the other arrays are in the same order. */
  zips: Int32Array;
  latitudes: Float64Array;
  longitudes: Float64Array;
  states: string[];
}

let table: ZipTable | null = null;

/**
 * The `zipcodes` package's US data (42,555 ZIP codes) read as text into typed arrays, once, on
 * first use. Importing the package instead evaluates a 5 MB object literal: about 26 MB of objects
 * kept on the heap and 50 MB of the parser's memory that the process kept (decision 086); this
 * table is about 1 MB.
 */
function zipTable(): ZipTable {
  if (table) return table;
  const file = createRequire(import.meta.url).resolve("zipcodes/lib/codes.js");
  const text = readFileSync(file, "latin1");
  const entry =
    /"(\d{5})":\{"zip":"\d{5}","latitude":(-?[\d.]+),"longitude":(-?[\d.]+),"city":"(?:[^"\\]|\\.)*","state":"([A-Z]{2})","country":"US"\}/g;
  const rows: Array<[number, number, number, string]> = [];
  for (const m of text.matchAll(entry))
    rows.push([Number(m[1]), Number(m[2]), Number(m[3]), m[4] as string]);
  rows.sort((a, b) => a[0] - b[0]);
  table = {
    zips: Int32Array.from(rows, (r) => r[0]),
    latitudes: Float64Array.from(rows, (r) => r[1]),
    longitudes: Float64Array.from(rows, (r) => r[2]),
    states: rows.map((r) => r[3]),
  };
  return table;
}

function indexOf(zip5: string): number {
  if (!/^\d{5}$/.test(zip5)) return -1;
  const { zips } = zipTable();
  const wanted = Number(zip5);
  let low = 0;
  let high = zips.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const at = zips[mid] as number;
    if (at === wanted) return mid;
    if (at < wanted) low = mid + 1;
    else high = mid - 1;
  }
  return -1;
}

/** The place of a five-digit US ZIP code, or null when no US post office uses it. */
export function lookUpUsZip(zip5: string): ZipPlace | null {
  const i = indexOf(zip5);
  if (i < 0) return null;
  const { latitudes, longitudes, states } = zipTable();
  return {
    state: states[i] as string,
    latitude: latitudes[i] as number,
    longitude: longitudes[i] as number,
  };
}

const radians = (degrees: number) => degrees * 0.017453292519943295;

/**
 * Whole miles between two US ZIP codes' post offices (great-circle, the `zipcodes` package's own
 * formula), or null when either is unknown.
 */
export function milesBetweenZips(fromZip: string, toZip: string): number | null {
  const a = lookUpUsZip(fromZip);
  const b = lookUpUsZip(toZip);
  if (!a || !b) return null;
  const cosine =
    Math.sin(radians(a.latitude)) * Math.sin(radians(b.latitude)) +
    Math.cos(radians(a.latitude)) *
      Math.cos(radians(b.latitude)) *
      Math.cos(radians(a.longitude - b.longitude));
  return Math.round(Math.acos(cosine) * 3958.56540656);
}
