import fastifyEtag from "@fastify/etag";
import {
  accessoryListQuerySchema,
  accessoryListResponseSchema,
  closeoutListResponseSchema,
  companionListResponseSchema,
  productFacetsSchema,
  productIdParamsSchema,
  productListQuerySchema,
  productListResponseSchema,
  publicProductSchema,
  searchSuggestQuerySchema,
  searchSuggestResponseSchema,
} from "@mcf/contracts/product";
import { searchShowingHeader, totalCountHeader } from "@mcf/contracts/product-options";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { sendCachedAnswer } from "../../http/answer-cache.ts";
import {
  getProductRow,
  listAccessories,
  listCloseoutProducts,
  listCompanions,
  listProductFacets,
  listProducts,
  searchShowing,
  suggestProducts,
} from "./catalog.service.ts";
import { createCatalogCache, queryCacheKey } from "./catalog-cache.ts";
import { toPublicProduct } from "./product-mapper.ts";
import { maxSuggestions } from "./product-suggestions.ts";

/**
 * The public catalogue. Answers carry `Cache-Control: no-cache` and an ETag: a browser or CDN
 * revalidates every time (a price edit shows at once) and a repeat costs a 304 with no body.
 */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyEtag, { weak: true });
  const countLookup = (hit: boolean) => app.metrics.countCatalogCache(hit);
  const cache = await createCatalogCache(app.database, undefined, countLookup);
  // Search suggestions have a cache of their own: every keystroke is a new key, and they must not
  // push the product lists out of the main one.
  const suggestCache = await createCatalogCache(
    app.database,
    {
      maxEntries: 5000,
      maxBytes: 8 * 1024 * 1024,
      keepFromSecondAsk: true,
    },
    countLookup,
  );
  app.addHook("onSend", async (_request, reply, payload) => {
    if (!reply.hasHeader("cache-control")) reply.header("cache-control", "no-cache");
    return payload;
  });

  app.get(
    "/api/products",
    {
      schema: {
        tags: ["catalog"],
        summary: "List products",
        description:
          "A page of products (an array) with the match count in X-Total-Count and, for a search whose typos were forgiven, what it showed in X-Search-Showing (URI-encoded); with closeout=true, every closeout as {products: [...]}, unpaged.",
        querystring: productListQuerySchema,
        response: { 200: z.union([productListResponseSchema, closeoutListResponseSchema]) },
      },
    },
    async (request, reply) => {
      const db = app.database.db;
      const { query } = request;
      const answer = await cache.answer(queryCacheKey("products", query), async () => {
        if (query.closeout === "true") {
          const rows = await listCloseoutProducts(db, query);
          return {
            value: { products: rows.map(toPublicProduct) },
            headers: { [totalCountHeader]: String(rows.length) },
          };
        }
        const { rows, total } = await listProducts(db, query, { audience: "public" });
        // A search whose typos were forgiven says what it showed ("hardwood" for "hardwod").
        const showing = query.q && total > 0 ? await searchShowing(db, query.q) : null;
        return {
          value: rows.map(toPublicProduct),
          headers: {
            [totalCountHeader]: String(total),
            ...(showing ? { [searchShowingHeader]: encodeURIComponent(showing) } : {}),
          },
        };
      });
      return sendCachedAnswer(request, reply, answer);
    },
  );

  app.get(
    "/api/products/facets",
    {
      schema: {
        tags: ["catalog"],
        summary: "Filter values for the product list's dropdowns",
        description:
          "With `type`, the brands, collections, constructions, colours and features are those of that type; the types are always all of them.",
        querystring: productListQuerySchema.pick({ type: true }),
        response: { 200: productFacetsSchema },
      },
    },
    async (request, reply) => {
      const { type } = request.query;
      const answer = await cache.answer(`facets:${type ?? ""}`, async () => ({
        value: await listProductFacets(app.database.db, {}, type),
      }));
      return sendCachedAnswer(request, reply, answer);
    },
  );

  app.get(
    "/api/products/:id",
    {
      schema: {
        tags: ["catalog"],
        summary: "One product",
        params: productIdParamsSchema,
        response: { 200: publicProductSchema },
      },
    },
    async (request, reply) => {
      const answer = await cache.answer(`product:${request.params.id}`, async () => ({
        value: toPublicProduct(await getProductRow(app.database.db, request.params.id)),
      }));
      return sendCachedAnswer(request, reply, answer);
    },
  );

  app.get(
    "/api/products/:id/companions",
    {
      schema: {
        tags: ["catalog"],
        summary: "The accessories that go with a floor",
        description:
          "At most one accessory of each kind, in project order, chosen by rule: underlayment for a floating install, adhesive for a glue-down install, moldings of the floor's collection or nearest its colour. Empty for an accessory.",
        params: productIdParamsSchema,
        response: { 200: companionListResponseSchema },
      },
    },
    async (request, reply) => {
      const answer = await cache.answer(`companions:${request.params.id}`, async () => ({
        value: { companions: await listCompanions(app.database.db, request.params.id) },
      }));
      return sendCachedAnswer(request, reply, answer);
    },
  );

  app.get(
    "/api/accessories",
    {
      schema: {
        tags: ["catalog"],
        summary: "List accessories",
        description:
          "Underlayment, adhesive, transitions, reducers, stair nose and quarter round, sold by the piece, roll or pail (our_price and price_per_box are per unit), by kind then name.",
        querystring: accessoryListQuerySchema,
        response: { 200: accessoryListResponseSchema },
      },
    },
    async (request, reply) => {
      const { kind } = request.query;
      const answer = await cache.answer(`accessories:${kind ?? ""}`, async () => ({
        value: { products: (await listAccessories(app.database.db, kind)).map(toPublicProduct) },
      }));
      return sendCachedAnswer(request, reply, answer);
    },
  );

  app.get(
    "/api/search/suggest",
    {
      schema: {
        tags: ["catalog"],
        summary: "Search suggestions",
        description: `At most ${maxSuggestions} products for a search being typed, best first: flooring words ("lvp", "waterproof") and typos understood.`,
        querystring: searchSuggestQuerySchema,
        response: { 200: searchSuggestResponseSchema },
      },
    },
    async (request, reply) => {
      const text = request.query.q;
      const answer = await suggestCache.answer(
        queryCacheKey("suggest", { q: text.toLowerCase() }),
        async () => ({
          value: { suggestions: text ? await suggestProducts(app.database.db, text) : [] },
        }),
      );
      return sendCachedAnswer(request, reply, answer);
    },
  );
};
