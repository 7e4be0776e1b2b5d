import {
  adminContactMessageSchema,
  adminInquirySchema,
  contactMessageListSchema,
  inboxQuerySchema,
  inquiryListSchema,
  leadUpdateSchema,
  numericIdParamsSchema,
} from "@mcf/contracts/admin";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { staffActor } from "../../plugins/admin-auth.ts";
import {
  listContactMessages,
  listInquiries,
  updateContactMessage,
  updateInquiry,
} from "../leads/leads.service.ts";
import { adminErrorResponses } from "./admin-error-responses.ts";

/** The Inbox: project inquiries and contact messages with a follow-up status and a note. */
export const adminInboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  app.get(
    "/api/admin/inquiries",
    {
      schema: {
        tags: ["admin"],
        summary: "Project inquiries, newest first",
        querystring: inboxQuerySchema,
        response: { 200: inquiryListSchema, ...adminErrorResponses },
      },
    },
    async (request) => ({ inquiries: await listInquiries(db, request.query) }),
  );
  app.patch(
    "/api/admin/inquiries/:id",
    {
      schema: {
        tags: ["admin"],
        summary: "Set an inquiry's status and/or note",
        params: numericIdParamsSchema,
        body: leadUpdateSchema,
        response: { 200: adminInquirySchema, ...adminErrorResponses },
      },
    },
    async (request) => updateInquiry(db, request.params.id, request.body, staffActor(request)),
  );
  app.get(
    "/api/admin/contact-messages",
    {
      schema: {
        tags: ["admin"],
        summary: "Contact messages, newest first",
        querystring: inboxQuerySchema,
        response: { 200: contactMessageListSchema, ...adminErrorResponses },
      },
    },
    async (request) => ({ messages: await listContactMessages(db, request.query) }),
  );
  app.patch(
    "/api/admin/contact-messages/:id",
    {
      schema: {
        tags: ["admin"],
        summary: "Set a contact message's status and/or note",
        params: numericIdParamsSchema,
        body: leadUpdateSchema,
        response: { 200: adminContactMessageSchema, ...adminErrorResponses },
      },
    },
    async (request) =>
      updateContactMessage(db, request.params.id, request.body, staffActor(request)),
  );
};
