import { errorResponseSchema } from "@mcf/contracts/errors";
import {
  customerJobSchema,
  dateRequestSchema,
  depositStartSchema,
  estimateAcceptSchema,
  estimateDeclineSchema,
  jobTokenParamsSchema,
} from "@mcf/contracts/installs";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { assertSameOrigin } from "../../http/same-origin.ts";
import { storeUrlFor } from "../../http/store-url.ts";
import { cancellationPolicyOf } from "./cancellation-policy.ts";
import {
  acceptEstimate,
  customerInstallIcs,
  declineEstimate,
  getCustomerJob,
  type PaymentProvider,
  requestAnotherDate,
  startBalance,
  startDeposit,
} from "./installs.service.ts";

const crossSite = "This page only accepts requests from the store itself.";
const errors = { 404: errorResponseSchema, 409: errorResponseSchema, 422: errorResponseSchema };

/**
 * The customer's installation page: read, accept the estimate, pay the deposit, ask for a date,
 * pay the balance once the install is completed.
 */
export const installRoutes: FastifyPluginAsyncZod<{ provider: PaymentProvider }> = async (
  app,
  { provider },
) => {
  const db = app.database.db;
  const publicUrl = app.config.publicUrl;
  const tags = ["installation jobs"];
  const limited = { rateLimit: { max: 30, timeWindow: "1 minute" } };
  /** The customer's view of their job: what the page reads, and what each step on it answers. */
  const customerJob = async (token: string) =>
    getCustomerJob(db, token, {
      publicUrl,
      policy: cancellationPolicyOf((await app.settings.read()).business_numbers),
      refunds: provider,
    });

  app.get(
    "/api/installation/jobs/:token",
    {
      schema: {
        tags,
        summary: "The customer's view of their job",
        params: jobTokenParamsSchema,
        response: { 200: customerJobSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return customerJob(request.params.token);
    },
  );
  app.post(
    "/api/installation/jobs/:token/accept",
    {
      schema: {
        tags,
        summary: "Accept the estimate version read, signed with the typed full name",
        params: jobTokenParamsSchema,
        body: estimateAcceptSchema,
        response: { 200: customerJobSchema, ...errors },
      },
      config: limited,
    },
    async (request) => {
      assertSameOrigin(request, publicUrl, crossSite);
      await acceptEstimate(db, request.params.token, request.body, request.ip);
      return customerJob(request.params.token);
    },
  );
  app.post(
    "/api/installation/jobs/:token/decline",
    {
      schema: {
        tags,
        summary: "Decline the estimate version read, saying why; the job ends and staff are told",
        params: jobTokenParamsSchema,
        body: estimateDeclineSchema,
        response: { 200: customerJobSchema, ...errors },
      },
      config: limited,
    },
    async (request) => {
      assertSameOrigin(request, publicUrl, crossSite);
      await declineEstimate(db, request.params.token, request.body, {
        staffEmail: (await app.settings.read()).staff_email,
        publicUrl,
      });
      void app.jobs.mail?.runOnce();
      return customerJob(request.params.token);
    },
  );
  /** Opens the deposit or the balance payment alike: the answer says where to pay. */
  const openPaymentRoute = (path: string, summary: string, start: typeof startDeposit) =>
    app.post(
      path,
      {
        schema: {
          tags,
          summary,
          params: jobTokenParamsSchema,
          response: { 200: depositStartSchema, 503: errorResponseSchema, ...errors },
        },
        config: limited,
      },
      async (request) => {
        assertSameOrigin(request, publicUrl, crossSite);
        return start(db, request.params.token, provider, request.log, {
          publicUrl,
          storeUrl: storeUrlFor(request, app.config),
          showroomState: (await app.settings.read()).address.state,
        });
      },
    );
  openPaymentRoute(
    "/api/installation/jobs/:token/deposit",
    "Open the deposit payment; the answer says where to pay",
    startDeposit,
  );
  openPaymentRoute(
    "/api/installation/jobs/:token/balance",
    "Open the payment of the balance due after the install; the answer says where",
    startBalance,
  );
  app.post(
    "/api/installation/jobs/:token/date-request",
    {
      schema: {
        tags,
        summary: "Ask the staff for another date",
        params: jobTokenParamsSchema,
        body: dateRequestSchema,
        response: { 204: z.null(), ...errors },
      },
      config: { rateLimit: { max: 5, timeWindow: "1 hour" } },
    },
    async (request, reply) => {
      assertSameOrigin(request, publicUrl, crossSite);
      await requestAnotherDate(db, request.params.token, request.body, {
        staffEmail: (await app.settings.read()).staff_email,
        publicUrl,
      });
      void app.jobs.mail?.runOnce();
      return reply.status(204).send(null);
    },
  );
  app.get(
    "/api/installation/jobs/:token/install.ics",
    {
      schema: {
        tags,
        summary: "The install date as a calendar file",
        params: jobTokenParamsSchema,
      },
    },
    async (request, reply) => {
      const ics = await customerInstallIcs(db, request.params.token);
      return reply
        .header("content-type", "text/calendar; charset=utf-8")
        .header("content-disposition", 'attachment; filename="floor-install.ics"')
        .send(ics);
    },
  );
};
