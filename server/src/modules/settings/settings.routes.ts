import { partnerListSchema } from "@mcf/contracts/content";
import { publicStoreDetailsSchema, toPublicStoreDetails } from "@mcf/contracts/store-settings";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/**
 * What every page reads of the settings. Not cached by browsers: a change shows on the next
 * request (the pages themselves are kept per content version).
 */
export const publicSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/settings/public",
    {
      schema: {
        tags: ["content"],
        summary: "The store's public details: name, phone, address, hours, visualizer, names",
        response: { 200: publicStoreDetailsSchema },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-cache");
      return toPublicStoreDetails(await app.settings.read());
    },
  );
  app.get(
    "/api/content/partners",
    {
      schema: {
        tags: ["content"],
        summary: "Partner companies (the owner edits them in Settings)",
        response: { 200: partnerListSchema },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-cache");
      return { partners: (await app.settings.read()).partners };
    },
  );
};
