import fastifyMultipart from "@fastify/multipart";
import {
  claimFieldsSchema,
  claimReceivedMessage,
  claimReceivedSchema,
  claimsPerHour,
  maxClaimPhotos,
} from "@mcf/contracts/claims";
import { errorResponseSchema } from "@mcf/contracts/errors";
import { trackingParamsSchema } from "@mcf/contracts/orders";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { invalid } from "../../errors.ts";
import { assertSameOrigin } from "../../http/same-origin.ts";
import { validationErrorBody } from "../../http/validation-error.ts";
import { type ClaimPhotoUpload, submitClaim } from "./claims.service.ts";

const crossSite = "Claims can only be sent from the order's own tracking page.";

/** Multipart limits broken by the sender, as sentences (the plugin's own are codes). */
const multipartRefusals: Record<string, string> = {
  FST_FILES_LIMIT: `Please send at most ${maxClaimPhotos} photos with one claim.`,
  FST_PARTS_LIMIT: "The form has too many parts.",
  FST_FIELDS_LIMIT: "The form has too many fields.",
  FST_INVALID_MULTIPART_CONTENT_TYPE: "Send the claim as a form (multipart/form-data).",
};

/** Reads the form: text fields, and each photo's bytes (cut at the limit, flagged). */
async function readClaimForm(request: FastifyRequest) {
  const fields: Record<string, string> = {};
  const photos: ClaimPhotoUpload[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === "field") {
        if (typeof part.value === "string") fields[part.fieldname] = part.value;
        continue;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) chunks.push(chunk as Buffer);
      const bytes = Buffer.concat(chunks);
      // A file input left empty still sends one part with no name and no bytes.
      if (bytes.length === 0 && !part.filename) continue;
      photos.push({ filename: part.filename, bytes, truncated: part.file.truncated });
    }
  } catch (error) {
    const code = (error as { code?: string }).code ?? "";
    const refusal = multipartRefusals[code];
    if (refusal) throw invalid(refusal);
    throw error;
  }
  return { fields, photos };
}

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
      if (!request.isMultipart())
        throw invalid(multipartRefusals.FST_INVALID_MULTIPART_CONTENT_TYPE as string);
      const { fields, photos } = await readClaimForm(request);
      const parsed = claimFieldsSchema.safeParse(fields);
      if (!parsed.success)
        return reply.status(422).send(validationErrorBody("body", parsed.error.issues));
      const id = await submitClaim(app.database.db, request.params.token, parsed.data, photos, {
        dataDir: app.config.dataDir,
        maxPhotoBytes,
        staffEmail: app.config.staffEmail,
        publicUrl: app.config.publicUrl,
      });
      request.log.info({ claimId: id }, "delivery claim received");
      void app.jobs.mail?.runOnce();
      return reply.status(201).send({ claim_id: id, message: claimReceivedMessage });
    },
  );
};
