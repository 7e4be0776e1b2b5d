import "./zod-without-eval.ts";
import { z } from "zod";

/** Required free text, trimmed: "<label> is required" when empty, "<label> is too long" past max. */
export const requiredText = (label: string, max: number) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is too long`);

/** Optional free text, trimmed: empty or missing becomes null. */
export const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} is too long`)
    .nullish()
    .transform((value) => (value ? value : null));
