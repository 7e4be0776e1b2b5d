// The catalogue's yes/no features as shoppers filter by them, without zod, for browser code.

/** How a feature key reads on the filter panel; keys not listed are shown from their own words. */
const featureLabels: Record<string, string> = {
  waterproof: "Waterproof",
  water_resistant: "Water resistant",
  pet_friendly: "Pet friendly",
  radiant_heat_compatible: "Radiant heat compatible",
  below_grade_ok: "Basements (below grade)",
  attached_underlayment: "Attached underlayment",
  refinishable: "Refinishable",
  hand_scraped: "Hand-scraped",
  wire_brushed: "Wire-brushed",
  commercial_rated: "Commercial rated",
  outdoor_rated: "Outdoor rated",
  stain_resistant: "Stain resistant",
  soil_resistant: "Soil resistant",
  fade_resistant: "Fade resistant",
  frost_resistant: "Frost resistant",
  phthalate_free: "Phthalate-free",
  wall_and_floor: "Walls and floors",
  rectified: "Rectified edges",
};

/** "pet_friendly" → "Pet friendly". */
export function featureLabel(key: string): string {
  const known = featureLabels[key];
  if (known) return known;
  const words = key.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The features most shoppers ask for first; the rest follow in alphabetical order of label. */
const featuredFirst = ["waterproof", "pet_friendly", "water_resistant", "radiant_heat_compatible"];

/** The filter panel's order of feature keys. */
export function sortFeatureKeys(keys: string[]): string[] {
  const rank = (key: string) => {
    const index = featuredFirst.indexOf(key);
    return index === -1 ? featuredFirst.length : index;
  };
  return [...keys].sort(
    (a, b) => rank(a) - rank(b) || featureLabel(a).localeCompare(featureLabel(b), "en-US"),
  );
}

/** A feature key as the list query takes it: lowercase letters, digits and underscores. */
export const featureKeyPattern = /^[a-z0-9_]{1,50}$/;
/** At most this many features in one list query. */
export const maxFeatureFilters = 12;
