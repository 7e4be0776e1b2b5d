import { orderActionResponseSchema } from "@mcf/contracts/admin";
import { errorResponseSchema } from "@mcf/contracts/errors";

/** The error answers every admin route can give (OpenAPI and serialization). */
export const adminErrorResponses = {
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  422: errorResponseSchema,
  429: errorResponseSchema,
};

/** The answers of a staff action on one order: the order as it is now, or 409 when refused. */
export const orderActionResponses = {
  200: orderActionResponseSchema,
  409: errorResponseSchema,
  ...adminErrorResponses,
};
