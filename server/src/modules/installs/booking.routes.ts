import {
  bookedVisitSchema,
  bookingCreatedSchema,
  bookingRequestSchema,
  slotOnlyRequestSchema,
  slotsQuerySchema,
  slotsResponseSchema,
  slotTakenSchema,
  visitRefParamsSchema,
  zipServedSchema,
} from "@mcf/contracts/booking";
import { errorResponseSchema } from "@mcf/contracts/errors";
import { jobTokenParamsSchema } from "@mcf/contracts/installs";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { assertSameOrigin } from "../../http/same-origin.ts";
import {
  bookMeasureForJob,
  bookMeasureOnline,
  cancelByRef,
  getVisitByRef,
  isZipServed,
  listFreeSlots,
  rescheduleByRef,
} from "./measure-booking.ts";

const crossSite = "Bookings can only be made from the store's own pages.";

/**
 * Measure visits customers book themselves: the free slots at a ZIP code, booking one (from the
 * inquiry or the job page), and the signed link that shows, moves or cancels it.
 */
export const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const publicUrl = app.config.publicUrl;
  const tags = ["installation booking"];
  const booked = {
    201: bookingCreatedSchema,
    403: errorResponseSchema,
    404: errorResponseSchema,
    409: slotTakenSchema,
    422: errorResponseSchema,
  };
  const limited = { rateLimit: { max: 60, timeWindow: "1 minute" } };
  const context = async () => ({ settings: await app.settings.read(), publicUrl });
  const deliverSoon = () => void app.jobs.mail?.runOnce();

  app.get(
    "/api/installation/slots",
    {
      schema: {
        tags,
        summary: "Free measure visits (start, end, crew_id) of the booking window at a ZIP code",
        querystring: slotsQuerySchema,
        response: { 200: slotsResponseSchema, 422: errorResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const { zip } = request.query;
      return { zip, slots: await listFreeSlots(db, await app.settings.read(), zip) };
    },
  );
  app.get(
    "/api/installation/served",
    {
      schema: {
        tags,
        summary: "Whether our crews measure and install at a ZIP code",
        querystring: slotsQuerySchema,
        response: { 200: zipServedSchema, 422: errorResponseSchema },
      },
    },
    async (request) => ({
      zip: request.query.zip,
      served: isZipServed(await app.settings.read(), request.query.zip),
    }),
  );
  app.post(
    "/api/installation/bookings",
    {
      schema: {
        tags,
        summary: "Book a measure visit with the inquiry's fields and a free slot",
        description:
          "201 with the job's customer token; 409 with `detail` and the next free `slots` when the slot was just taken; 422 for a ZIP code we do not serve or a slot in the past.",
        body: bookingRequestSchema,
        response: { ...booked, 429: errorResponseSchema },
      },
      config: limited,
    },
    async (request, reply) => {
      assertSameOrigin(request, publicUrl, crossSite);
      const answer = await bookMeasureOnline(db, request.body, {
        ...(await context()),
        log: request.log,
      });
      deliverSoon();
      return reply.status(201).send(answer);
    },
  );
  app.post(
    "/api/installation/jobs/:token/measure",
    {
      schema: {
        tags,
        summary: "Book (or move) the measure visit of the customer's job",
        params: jobTokenParamsSchema,
        body: slotOnlyRequestSchema,
        response: booked,
      },
      config: limited,
    },
    async (request, reply) => {
      assertSameOrigin(request, publicUrl, crossSite);
      const answer = await bookMeasureForJob(
        db,
        request.params.token,
        request.body.slot,
        await context(),
      );
      deliverSoon();
      return reply.status(201).send(answer);
    },
  );
  app.get(
    "/api/installation/visits/:ref",
    {
      schema: {
        tags,
        summary: "The measure visit a signed link names",
        params: visitRefParamsSchema,
        response: { 200: bookedVisitSchema, 403: errorResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return getVisitByRef(db, request.params.ref, await app.settings.read());
    },
  );
  app.post(
    "/api/installation/visits/:ref/reschedule",
    {
      schema: {
        tags,
        summary: "Move the visit a signed link names to another free slot, before the cut-off",
        params: visitRefParamsSchema,
        body: slotOnlyRequestSchema,
        response: { ...booked, 200: bookingCreatedSchema },
      },
      config: limited,
    },
    async (request) => {
      assertSameOrigin(request, publicUrl, crossSite);
      const answer = await rescheduleByRef(
        db,
        request.params.ref,
        request.body.slot,
        await context(),
      );
      deliverSoon();
      return answer;
    },
  );
  app.post(
    "/api/installation/visits/:ref/cancel",
    {
      schema: {
        tags,
        summary: "Cancel the visit a signed link names, before the cut-off",
        params: visitRefParamsSchema,
        response: {
          200: bookedVisitSchema,
          403: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
      config: limited,
    },
    async (request) => {
      assertSameOrigin(request, publicUrl, crossSite);
      const answer = await cancelByRef(db, request.params.ref, await context());
      deliverSoon();
      return answer;
    },
  );
};
