// The lead forms' choices and messages without zod, so the pages that show the forms do not
// ship the schema library to the browser (decision 022).

/** The choices of the project-inquiry form, in display order. */
export const propertyTypes = ["Residential", "Commercial"] as const;
export const locationTypes = [
  "Single-family home",
  "Condo or apartment",
  "Townhouse",
  "Office",
  "Retail or restaurant",
  "Other",
] as const;
export const actingAsOptions = ["Owner", "Contractor", "Property Manager", "Other"] as const;
export const inquiryFlooringTypes = [
  "Hardwood",
  "Laminate",
  "LVP",
  "Tile",
  "Carpet",
  "Not Sure",
] as const;
export const timelines = ["ASAP", "Within 1 month", "1–3 months", "Flexible"] as const;
export const contactMethods = ["email", "phone"] as const;

export const inquiryDefaults = {
  property_type: "Residential",
  acting_as: "Owner",
  timeline: "ASAP",
} as const;

/**
 * The hidden field people never see and bots fill in. A submission with it set gets the normal
 * success answer and is thrown away.
 */
export const honeypotField = "website";

export const contactSuccessMessage = "Message sent successfully! We'll get back to you soon.";
