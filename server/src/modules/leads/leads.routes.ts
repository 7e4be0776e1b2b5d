import { business } from "@mcf/contracts/business";
import { errorResponseSchema } from "@mcf/contracts/errors";
import {
  contactFormBodySchema,
  contactMessageRequestSchema,
  contactMessageResponseSchema,
  contactSuccessMessage,
  honeypotField,
  projectInquiryRequestSchema,
  projectInquiryResponseSchema,
} from "@mcf/contracts/leads";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { isSameOrigin } from "../../http/same-origin.ts";
import { validationErrorBody } from "../../http/validation-error.ts";
import { storeIdentity } from "../../mail/store-identity.ts";
import { normalizeContactMessage, submitContactMessage } from "./contact.service.ts";
import { normalizeInquiry, submitProjectInquiry } from "./inquiries.service.ts";
import { leadSubmissionsPerHour } from "./lead-fields.ts";

const inquiryReceived = {
  received: true as const,
  message: `Thank you! Your project details were received. Our team will be in touch within ${business.inquiryReplyWindow}.`,
};
const contactReceived = { received: true as const, message: contactSuccessMessage };
const rateLimitedReason = () =>
  `Too many messages were sent from your network. Please try again later or call us at ${storeIdentity().phone}.`;
const crossSiteReason = "Messages can only be sent from our own contact page.";

/** A form field's value: urlencoded bodies give an array when a field repeats. */
function firstValue(value: string | string[] | null | undefined): string | null | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export const leadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const limitInquiries = app.createRateLimit({
    max: leadSubmissionsPerHour,
    timeWindow: "1 hour",
    keyGenerator: (request) => `inquiry:${request.ip}`,
  });
  const limitContact = app.createRateLimit({
    max: leadSubmissionsPerHour,
    timeWindow: "1 hour",
    keyGenerator: (request) => `contact:${request.ip}`,
  });

  app.post(
    "/api/project-inquiries",
    {
      schema: {
        tags: ["leads"],
        summary: "Request an installation quote",
        body: projectInquiryRequestSchema,
        response: {
          201: projectInquiryResponseSchema,
          422: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const limit = await limitInquiries(request);
      if (!limit.isAllowed && limit.isExceeded) {
        return reply.status(429).send({ detail: rateLimitedReason() });
      }
      if (request.body[honeypotField]) {
        request.log.info("project inquiry honeypot filled: discarded");
        return reply.status(201).send(inquiryReceived);
      }
      const inquiry = normalizeInquiry(request.body);
      const id = await submitProjectInquiry(
        app.database.db,
        inquiry,
        { staffEmail: (await app.settings.read()).staff_email, publicUrl: app.config.publicUrl },
        request.log,
      );
      request.log.info({ inquiryId: id }, "project inquiry received");
      return reply.status(201).send(inquiryReceived);
    },
  );

  app.post(
    "/api/contact",
    {
      schema: {
        tags: ["leads"],
        summary: "Send a message (native form post: answers 303; JSON: answers JSON)",
        description:
          "A urlencoded form post is answered 303 to /contact?success=true, or to /contact?error=<reason>. A JSON post is answered 201, 422 or 429.",
        body: contactFormBodySchema,
        response: {
          201: contactMessageResponseSchema,
          403: errorResponseSchema,
          422: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const isForm = !String(request.headers["content-type"] ?? "").includes("application/json");
      const redirectTo = (query: string) => reply.redirect(`/contact?${query}`, 303);
      const reject = (status: 403 | 429, reason: string) =>
        isForm
          ? redirectTo(`error=${encodeURIComponent(reason)}`)
          : reply.status(status).send({ detail: reason });

      if (!isSameOrigin(request, app.config.publicUrl)) {
        request.log.warn({ origin: request.headers.origin }, "cross-site contact post refused");
        return reply.status(403).send({ detail: crossSiteReason });
      }
      const limit = await limitContact(request);
      if (!limit.isAllowed && limit.isExceeded) return reject(429, rateLimitedReason());

      const fields = Object.fromEntries(
        Object.entries(request.body).map(([key, value]) => [key, firstValue(value)]),
      );
      if (fields[honeypotField]) {
        request.log.info("contact honeypot filled: discarded");
        return isForm ? redirectTo("success=true") : reply.status(201).send(contactReceived);
      }
      const parsed = contactMessageRequestSchema.safeParse(fields);
      if (!parsed.success) {
        if (isForm) {
          const reason = [...new Set(parsed.error.issues.map((issue) => issue.message))].join(". ");
          return redirectTo(`error=${encodeURIComponent(reason)}`);
        }
        return reply.status(422).send(validationErrorBody("body", parsed.error.issues));
      }
      const id = await submitContactMessage(
        app.database.db,
        normalizeContactMessage(parsed.data),
        (await app.settings.read()).staff_email,
        request.log,
      );
      request.log.info({ contactMessageId: id }, "contact message received");
      return isForm ? redirectTo("success=true") : reply.status(201).send(contactReceived);
    },
  );
};
