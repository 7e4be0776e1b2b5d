import "./zod-without-eval.ts";
import { z } from "zod";
import {
  actingAsOptions,
  contactMethods,
  honeypotField,
  inquiryFlooringTypes,
  locationTypes,
  propertyTypes,
  timelines,
} from "./leads-options.ts";

export * from "./leads-options.ts";

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });

/** Optional free text: empty or blank is stored as null. */
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .max(max, { error: `${label} must be at most ${max} characters` })
    .nullish();

/** An optional choice: one of the values, or empty/null for "not given". */
const optionalChoice = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z
    .union([z.enum(values), z.literal("")], {
      error: `${label} must be one of: ${values.join(", ")}`,
    })
    .nullish();

const emailField = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, { error: "Email is required" })
  .max(254, { error: "Email must be at most 254 characters" })
  .pipe(z.email({ error: "Enter a valid email address" }));

const phoneField = requiredText("Phone", 40).regex(/^(?=(?:\D*\d){7})[\d\s()+.\-x#ext]+$/i, {
  error: "Enter a valid phone number",
});

/** POST /api/project-inquiries body (JSON): a project inquiry. */
export const projectInquiryRequestSchema = z.object({
  name: requiredText("Name", 200),
  email: emailField,
  phone: phoneField,
  address: requiredText("Address", 500),
  property_type: optionalChoice(propertyTypes, "Property type"),
  location_type: optionalChoice(locationTypes, "Location type"),
  acting_as: optionalChoice(actingAsOptions, "I am the"),
  flooring_type: z
    .array(
      z.enum(inquiryFlooringTypes, {
        error: `Flooring type must be one of: ${inquiryFlooringTypes.join(", ")}`,
      }),
      {
        error: `Flooring type must be a list of: ${inquiryFlooringTypes.join(", ")}`,
      },
    )
    .max(inquiryFlooringTypes.length)
    .nullish(),
  square_footage: z
    .number({ error: "Square footage must be a whole number" })
    .int({ error: "Square footage must be a whole number" })
    .min(0, { error: "Square footage must be 0 or more" })
    .max(10_000_000, { error: "Square footage is too large" })
    .nullish(),
  rooms: optionalText("Rooms", 500),
  timeline: optionalChoice(timelines, "Timeline"),
  additional_notes: optionalText("Additional notes", 5000),
  [honeypotField]: z.string().max(500).nullish(),
});
export type ProjectInquiryRequest = z.input<typeof projectInquiryRequestSchema>;

export const projectInquiryResponseSchema = z.object({
  received: z.literal(true),
  message: z.string(),
});
export type ProjectInquiryResponse = z.infer<typeof projectInquiryResponseSchema>;

/** The contact form's fields (posted natively, urlencoded). */
export const contactMessageRequestSchema = z.object({
  name: requiredText("Name", 200),
  email: emailField,
  phone: phoneField,
  message: requiredText("Message", 5000),
  preferred_contact_method: optionalChoice(contactMethods, "Preferred contact method"),
  best_time_to_contact: optionalText("Best time to contact", 200),
  [honeypotField]: z.string().max(500).nullish(),
});
export type ContactMessageRequest = z.input<typeof contactMessageRequestSchema>;

/** What the contact endpoint accepts before validation: a native form body, or JSON. */
export const contactFormBodySchema = z.record(
  z.string(),
  z.union([z.string(), z.array(z.string()), z.null()]),
);

export const contactMessageResponseSchema = z.object({
  received: z.literal(true),
  message: z.string(),
});
