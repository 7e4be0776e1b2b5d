import { errorResponseSchema } from "@mcf/contracts/errors";

/** The error answers every admin route can give (OpenAPI and serialization). */
export const adminErrorResponses = {
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  422: errorResponseSchema,
  429: errorResponseSchema,
};
