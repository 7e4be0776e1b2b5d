import { business } from "@mcf/contracts/business";

/**
 * The ZIP codes our own truck served when the store shipped, by community: the communities the
 * site has area guides for (the service-area list in the contracts), plus the showroom's own
 * neighborhood. A ZIP code that spans two communities is listed under each. This is only the
 * source of the store settings' default `service_area_zips`; the owner edits the list in the
 * Settings tab, and quotes read the settings.
 */
export const serviceAreaZips: Record<string, readonly string[]> = {
  "Downtown Birmingham": ["35203", "35204", "35234"],
  "Five Points South": ["35205"],
  Lakeview: ["35205"],
  Avondale: ["35222"],
  "Railroad Park": ["35233"],
  Homewood: ["35209"],
  "Mountain Brook": ["35213", "35223"],
  "Vestavia Hills": ["35216", "35243"],
  Hoover: ["35226", "35242", "35244"],
  Trussville: ["35173"],
  Pelham: ["35124"],
  Alabaster: ["35007", "35114"],
  Bessemer: ["35020", "35022"],
  Midfield: ["35228"],
  Fairfield: ["35064"],
  Hueytown: ["35023"],
  "Pleasant Grove": ["35127"],
  Gardendale: ["35071"],
  Fultondale: ["35068"],
  Irondale: ["35210"],
  Leeds: ["35094"],
  Moody: ["35004"],
  "Pell City": ["35125", "35128"],
  "Showroom (Crestwood)": [business.address.zip, "35206"],
};

/** The table's ZIP codes, each once, in the table's order: the settings' default list. */
export const shippedServiceAreaZips: string[] = [...new Set(Object.values(serviceAreaZips).flat())];
