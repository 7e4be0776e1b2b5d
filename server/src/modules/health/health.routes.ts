import { buildVersion } from "@mcf/contracts/business";
import { healthResponseSchema, readyResponseSchema } from "@mcf/contracts/health";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "../../errors.ts";

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/health",
    {
      schema: {
        tags: ["health"],
        summary: "The process is alive",
        response: { 200: healthResponseSchema },
      },
    },
    async () => ({ status: "ok" as const, version: buildVersion }),
  );

  app.get(
    "/api/ready",
    {
      schema: {
        tags: ["health"],
        summary: "The database answers",
        response: { 200: readyResponseSchema },
      },
    },
    async () => {
      try {
        await app.database.ping();
      } catch {
        throw new AppError("unavailable", "Database unavailable");
      }
      return { status: "ready" as const };
    },
  );
};
