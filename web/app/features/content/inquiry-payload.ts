import type { ProjectInquiryRequest } from "@mcf/contracts/leads";

/**
 * The inquiry form's fields as the JSON body of POST /api/project-inquiries: empty optional
 * fields become null, square footage a number (anything else is left for the API to reject).
 */
export function inquiryPayloadFromForm(form: FormData): ProjectInquiryRequest {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const optional = (name: string) => text(name).trim() || null;
  const footage = text("square_footage").trim();
  const footageNumber = Number(footage);
  return {
    name: text("name"),
    email: text("email"),
    phone: text("phone"),
    address: text("address"),
    property_type: optional("property_type") as ProjectInquiryRequest["property_type"],
    location_type: optional("location_type") as ProjectInquiryRequest["location_type"],
    acting_as: optional("acting_as") as ProjectInquiryRequest["acting_as"],
    flooring_type: form
      .getAll("flooring_type")
      .filter((v): v is string => typeof v === "string") as ProjectInquiryRequest["flooring_type"],
    square_footage:
      footage === ""
        ? null
        : ((Number.isFinite(footageNumber) ? footageNumber : footage) as number),
    rooms: optional("rooms"),
    timeline: optional("timeline") as ProjectInquiryRequest["timeline"],
    additional_notes: optional("additional_notes"),
    website: optional("website"),
  };
}
