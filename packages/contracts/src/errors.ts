import "./zod-without-eval.ts";
import { z } from "zod";

/** Every error answer: a sentence, or for schema validation a list of {loc, msg}. */
export const errorResponseSchema = z.object({
  detail: z.union([
    z.string(),
    z.array(z.object({ loc: z.array(z.union([z.string(), z.number()])), msg: z.string() })),
  ]),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
