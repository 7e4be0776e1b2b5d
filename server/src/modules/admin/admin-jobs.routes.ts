import {
  crewHoursSchema,
  timeOffListSchema,
  timeOffParamsSchema,
  timeOffRequestSchema,
  timeOffSchema,
} from "@mcf/contracts/booking";
import { errorResponseSchema } from "@mcf/contracts/errors";
import {
  adminJobDetailSchema,
  appointmentRequestSchema,
  calendarQuerySchema,
  calendarSchema,
  cancellationQuoteSchema,
  crewCreateSchema,
  crewListSchema,
  crewSchema,
  estimateSaveSchema,
  jobCreateSchema,
  jobIdParamsSchema,
  jobListQuerySchema,
  jobListSchema,
  materialsReadySchema,
} from "@mcf/contracts/installs";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { staffActor, staffRole } from "../../plugins/admin-auth.ts";
import { storeRatesFrom, taxRateFor } from "../cart/cart.service.ts";
import {
  addTimeOff,
  cancelJob,
  cancellationPolicyOf,
  cancellationQuote,
  completeJob,
  createCrew,
  createJob,
  getJobDetail,
  listCrews,
  listJobs,
  listTimeOff,
  markMaterialsReady,
  removeTimeOff,
  scheduleInstall,
  scheduleMeasure,
  sendEstimate,
  setCrewHours,
  weekCalendar,
} from "../installs/installs.service.ts";
import type { RefundIssuer } from "../orders/orders.service.ts";
import { adminErrorResponses } from "./admin-error-responses.ts";

const jobAnswer = { 200: adminJobDetailSchema, 409: errorResponseSchema, ...adminErrorResponses };

/** Installation jobs: the pipeline from inquiry to installed floor, crews and the calendar. */
export const adminJobRoutes: FastifyPluginAsyncZod<{ refunds: RefundIssuer }> = async (
  app,
  { refunds },
) => {
  const db = app.database.db;
  const publicUrl = app.config.publicUrl;
  const deliverSoon = () => void app.jobs.mail?.runOnce();
  // The installation cancellation policy: business numbers the owner sets in Settings.
  const cancellationPolicy = async () =>
    cancellationPolicyOf((await app.settings.read()).business_numbers);
  const tags = ["admin", "installation jobs"];

  app.get(
    "/api/admin/jobs",
    {
      schema: {
        tags,
        summary: "Jobs, newest first, by stage and search, with the count of each stage",
        querystring: jobListQuerySchema,
        response: { 200: jobListSchema, ...adminErrorResponses },
      },
    },
    async (request) => listJobs(db, request.query),
  );
  app.post(
    "/api/admin/jobs",
    {
      schema: {
        tags,
        summary: "Open a job from an inquiry ({inquiry_id}) or from the customer's details",
        body: jobCreateSchema,
        response: { 201: adminJobDetailSchema, 409: errorResponseSchema, ...adminErrorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createJob(db, request.body, staffActor(request))),
  );
  app.get(
    "/api/admin/jobs/:id",
    {
      schema: {
        tags,
        summary: "One job with its estimate, visits and timeline",
        params: jobIdParamsSchema,
        response: { 200: adminJobDetailSchema, ...adminErrorResponses },
      },
    },
    async (request) => getJobDetail(db, request.params.id),
  );
  app.post(
    "/api/admin/jobs/:id/measure",
    {
      schema: {
        tags,
        summary: "Book (or move) the measure visit with a crew",
        params: jobIdParamsSchema,
        body: appointmentRequestSchema,
        response: jobAnswer,
      },
    },
    async (request) => {
      const detail = await scheduleMeasure(
        db,
        request.params.id,
        request.body,
        {
          publicUrl,
          hours: (await app.settings.read()).hours,
          changeCutoffHours: (await app.settings.read()).booking.change_cutoff_hours,
        },
        staffActor(request),
      );
      deliverSoon();
      return detail;
    },
  );
  app.put(
    "/api/admin/jobs/:id/estimate",
    {
      schema: {
        tags,
        summary: "Send a new estimate version (priced by the server) and email the customer",
        params: jobIdParamsSchema,
        body: estimateSaveSchema,
        response: jobAnswer,
      },
    },
    async (request) => {
      const settings = await app.settings.read();
      const detail = await sendEstimate(
        db,
        request.params.id,
        request.body.lines,
        {
          depositPercent: settings.business_numbers.install_deposit_percent,
          publicUrl,
          // Materials are taxed at the showroom's state, at the rate in the store settings.
          materialsTaxRate: taxRateFor(settings.address.state, storeRatesFrom(settings).taxRates),
        },
        staffActor(request),
      );
      deliverSoon();
      return detail;
    },
  );
  app.post(
    "/api/admin/jobs/:id/materials-ready",
    {
      schema: {
        tags,
        summary: "The materials were delivered or picked up (acclimation starts)",
        params: jobIdParamsSchema,
        body: materialsReadySchema,
        response: jobAnswer,
      },
    },
    async (request) =>
      markMaterialsReady(db, request.params.id, staffActor(request), request.body.received_at),
  );
  app.post(
    "/api/admin/jobs/:id/install",
    {
      schema: {
        tags,
        summary: "Book (or move) the install after acclimation, and email the date",
        params: jobIdParamsSchema,
        body: appointmentRequestSchema,
        response: jobAnswer,
      },
    },
    async (request) => {
      const detail = await scheduleInstall(
        db,
        request.params.id,
        request.body,
        { publicUrl },
        staffActor(request),
      );
      deliverSoon();
      return detail;
    },
  );
  app.post(
    "/api/admin/jobs/:id/complete",
    {
      schema: {
        tags,
        summary: "The floor is installed: email the customer",
        params: jobIdParamsSchema,
        response: jobAnswer,
      },
    },
    async (request) => {
      const detail = await completeJob(db, request.params.id, { publicUrl }, staffActor(request));
      deliverSoon();
      return detail;
    },
  );
  app.get(
    "/api/admin/jobs/:id/cancellation",
    {
      schema: {
        tags,
        summary: "What cancelling the job now would refund and keep of its deposit",
        params: jobIdParamsSchema,
        response: {
          200: cancellationQuoteSchema,
          409: errorResponseSchema,
          ...adminErrorResponses,
        },
      },
    },
    async (request) => cancellationQuote(db, request.params.id, await cancellationPolicy()),
  );
  app.post(
    "/api/admin/jobs/:id/cancel",
    {
      schema: {
        tags,
        summary:
          "Cancel an open job and free its crews; a paid deposit is refunded by the cancellation policy and its materials released",
        params: jobIdParamsSchema,
        response: { ...jobAnswer, 503: errorResponseSchema },
      },
    },
    async (request) => {
      await cancelJob(
        db,
        request.params.id,
        { refunds, policy: await cancellationPolicy(), publicUrl, role: staffRole(request) },
        staffActor(request),
      );
      deliverSoon();
      return getJobDetail(db, request.params.id);
    },
  );
  app.get(
    "/api/admin/crews",
    {
      schema: {
        tags,
        summary: "Every crew",
        response: { 200: crewListSchema, ...adminErrorResponses },
      },
    },
    async () => ({ crews: await listCrews(db) }),
  );
  app.post(
    "/api/admin/crews",
    {
      schema: {
        tags,
        summary: "Add a crew",
        body: crewCreateSchema,
        response: { 201: crewSchema, 409: errorResponseSchema, ...adminErrorResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await createCrew(db, request.body.name)),
  );
  app.get(
    "/api/admin/calendar",
    {
      schema: {
        tags,
        summary: "One week (Monday to Sunday) of measure visits and installs per crew",
        querystring: calendarQuerySchema,
        response: { 200: calendarSchema, ...adminErrorResponses },
      },
    },
    async (request) => weekCalendar(db, request.query.week),
  );
  app.put(
    "/api/admin/crews/:id/hours",
    {
      schema: {
        tags,
        summary: "Set a crew's working hours and weekdays (the slots customers are offered)",
        params: jobIdParamsSchema,
        body: crewHoursSchema,
        response: { 200: crewSchema, ...adminErrorResponses },
      },
    },
    async (request) => setCrewHours(db, request.params.id, request.body, staffActor(request)),
  );
  app.get(
    "/api/admin/crews/:id/time-off",
    {
      schema: {
        tags,
        summary: "A crew's days off and blocked times from today on",
        params: jobIdParamsSchema,
        response: { 200: timeOffListSchema, ...adminErrorResponses },
      },
    },
    async (request) => ({ time_off: await listTimeOff(db, request.params.id) }),
  );
  app.post(
    "/api/admin/crews/:id/time-off",
    {
      schema: {
        tags,
        summary: "Add a crew's day off (date) or blocked time (starts_at, ends_at)",
        params: jobIdParamsSchema,
        body: timeOffRequestSchema,
        response: { 201: timeOffSchema, ...adminErrorResponses },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await addTimeOff(db, request.params.id, request.body, staffActor(request))),
  );
  app.delete(
    "/api/admin/crews/:id/time-off/:offId",
    {
      schema: {
        tags,
        summary: "Remove a crew's day off or blocked time",
        params: timeOffParamsSchema,
        response: { 204: z.null(), ...adminErrorResponses },
      },
    },
    async (request, reply) => {
      await removeTimeOff(db, request.params.id, request.params.offId, staffActor(request));
      return reply.status(204).send(null);
    },
  );
};
