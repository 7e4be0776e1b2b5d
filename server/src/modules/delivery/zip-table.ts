import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

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
 * The store's one ZIP dataset, `us-zip-codes.csv` (every US ZIP code with its state and post
 * office coordinates, written by scripts/zip-data.mjs from the `zipcodes` package), read into
 * typed arrays once, on first use: about 1 MB. The checkout form's ZIP prefix table is generated
 * from the same rows. The production bundle (server/dist) is one directory away from server/src,
 * so the file is looked for there too.
 */
function zipTable(): ZipTable {
  if (table) return table;
  const file = [
    new URL("./us-zip-codes.csv", import.meta.url),
    new URL("../src/modules/delivery/us-zip-codes.csv", import.meta.url),
  ]
    .map((url) => fileURLToPath(url))
    .find((path) => existsSync(path));
  if (!file) throw new Error("The ZIP code table us-zip-codes.csv is missing");
  const lines = readFileSync(file, "utf8").trim().split("\n").slice(1);
  const zips = new Int32Array(lines.length);
  const latitudes = new Float64Array(lines.length);
  const longitudes = new Float64Array(lines.length);
  const states: string[] = [];
  lines.forEach((line, i) => {
    const [zip, state, latitude, longitude] = line.split(",");
    zips[i] = Number(zip);
    latitudes[i] = Number(latitude);
    longitudes[i] = Number(longitude);
    states.push(state as string);
  });
  table = { zips, latitudes, longitudes, states };
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
 * Whole miles between two US ZIP codes' post offices (great-circle, the formula of the `zipcodes`
 * package the table comes from), or null when either is unknown.
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
