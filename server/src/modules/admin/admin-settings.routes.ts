import { adminSettingsResponseSchema, storeSettingsSchema } from "@mcf/contracts/store-settings";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { staffActor } from "../../plugins/admin-auth.ts";
import { getAdminSettings, saveSettings } from "../settings/settings.service.ts";
import { adminErrorResponses } from "./admin-error-responses.ts";

/** The owner's Settings tab (registered in the admin's owner-only "settings" area). */
export const adminSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/admin/settings",
    {
      schema: {
        tags: ["admin"],
        summary: "The store settings, and which values are still placeholders",
        response: { 200: adminSettingsResponseSchema, ...adminErrorResponses },
      },
    },
    async () => getAdminSettings(app.database.db, app.settings.defaults),
  );
  app.put(
    "/api/admin/settings",
    {
      schema: {
        tags: ["admin"],
        summary: "Save the store settings (every page, email and price follows at once)",
        body: storeSettingsSchema,
        response: { 200: adminSettingsResponseSchema, ...adminErrorResponses },
      },
    },
    async (request) => {
      const saved = await saveSettings(
        app.database.db,
        request.body,
        app.settings.defaults,
        staffActor(request),
      );
      // This process sees its own save at once; the others on their next request.
      await app.settings.read();
      return saved;
    },
  );
};
