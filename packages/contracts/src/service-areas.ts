/** Birmingham-area communities we serve, grouped as the spec's service-area catalogue. */
export const serviceAreaCategories = [
  {
    name: "Core Birmingham (City-Center & Neighborhoods)",
    areas: ["Downtown Birmingham", "Five Points South", "Lakeview", "Avondale", "Railroad Park"],
  },
  {
    name: "Close-In Suburbs",
    areas: [
      "Homewood",
      "Mountain Brook",
      "Vestavia Hills",
      "Hoover",
      "Trussville",
      "Pelham",
      "Alabaster",
    ],
  },
  {
    name: "Western & Industrial Corridors",
    areas: ["Bessemer", "Midfield", "Fairfield", "Hueytown", "Pleasant Grove"],
  },
  {
    name: "Northern & Eastern Suburbs",
    areas: ["Gardendale", "Fultondale", "Irondale", "Leeds", "Moody", "Pell City"],
  },
] as const;

export interface ServiceArea {
  name: string;
  slug: string;
  title: string;
  category: string;
}

/** "Pell City" → "pell-city-flooring". */
export function areaSlug(name: string): string {
  return `${name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")}-flooring`;
}

export const serviceAreas: ServiceArea[] = serviceAreaCategories.flatMap((category) =>
  category.areas.map((name) => ({
    name,
    slug: areaSlug(name),
    title: `Flooring in ${name}, AL`,
    category: category.name,
  })),
);

export const serviceCity = { name: "Birmingham", slug: "birmingham" } as const;
