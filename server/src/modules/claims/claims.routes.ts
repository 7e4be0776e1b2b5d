import fastifyMultipart from "@fastify/multipart";
import {
  claimFieldsSchema,
  claimReceivedMessage,
  claimReceivedSchema,
  claimsPerHour,
} from "@mcf/contracts/claims";
import { maxClaimPhotos } from "@mcf/contracts/claims-options";
import { errorResponseSchema } from "@mcf/contracts/errors";
import { trackingParamsSchema } from "@mcf/contracts/orders";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { assertSameOrigin } from "../../http/same-origin.ts";
import { validationErrorBody } from "../../http/validation-error.ts";
import { multipartRefusals, readMultipartForm } from "../../uploads/multipart-form.ts";
import { submitClaim } from "./claims.service.ts";

const crossSite = "Claims can only be sent from the order's own tracking page.";

const claimRefusals = {
  ...multipartRefusals(`Please send at most ${maxClaimPhotos} photos with one claim.`),
  FST_INVALID_MULTIPART_CONTENT_TYPE: "Send the claim as a form (multipart/form-data).",
};

/** `POST /api/track/{token}/claims`: a damage or shortage claim with photos, from /track. */
export const claimRoutes: FastifyPluginAsyncZod = async (app) => {
  const maxPhotoBytes = app.config.claimPhotoMaxBytes;
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: false,
    limits: {
      // One byte over the limit is enough to know a photo is too large.
      fileSize: maxPhotoBytes + 1,
      files: maxClaimPhotos,
      fields: 10,
      fieldSize: 16 * 1024,
      parts: maxClaimPhotos + 10,
    },
  });

  app.post(
    "/api/track/:token/claims",
    {
      schema: {
        tags: ["orders"],
        summary: "Send a damage or shortage claim with photos (multipart/form-data)",
        description: `Fields: kind (damage | shortage), description, boxes_affected; up to ${maxClaimPhotos} files named photos (JPEG, PNG, WebP or HEIC, read from their bytes).`,
        params: trackingParamsSchema,
        response: {
          201: claimReceivedSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          422: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
      config: { rateLimit: { max: claimsPerHour, timeWindow: "1 hour" } },
    },
    async (request, reply) => {
      assertSameOrigin(request, app.config.publicUrl, crossSite);
      const { fields, files: photos } = await readMultipartForm(request, claimRefusals);
      const parsed = claimFieldsSchema.safeParse(fields);
      if (!parsed.success)
        return reply.status(422).send(validationErrorBody("body", parsed.error.issues));
      const id = await submitClaim(app.database.db, request.params.token, parsed.data, photos, {
        dataDir: app.config.dataDir,
        maxPhotoBytes,
        staffEmail: (await app.settings.read()).staff_email,
        publicUrl: app.config.publicUrl,
      });
      request.log.info({ claimId: id }, "delivery claim received");
      void app.jobs.mail?.runOnce();
      return reply.status(201).send({ claim_id: id, message: claimReceivedMessage });
    },
  );
};
