import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParam, idParams } from "#shared/schemas/common.ts";
import {
  acceptItemsSchema,
  createDisciplineSchema,
  createPivotCardSchema,
  createPivotCardsSchema,
  createRetrievalItemSchema,
  createWorkedExampleSchema,
  disciplineCreatedSchema,
  disciplineSchema,
  dueListSchema,
  dueQuerySchema,
  exportQuerySchema,
  importBodySchema,
  importQuerySchema,
  importResultSchema,
  pivotCardCreatedSchema,
  pivotCardListQuerySchema,
  pivotCardSchema,
  pivotIdParams,
  pivotSettingsSchema,
  pivotStatsSchema,
  retrievalItemSchema,
  reviewSchema,
  setCardProjectSchema,
  suggestionsSchema,
  timeZone,
  tzQuerySchema,
  updatePivotCardSchema,
  updatePivotSettingsSchema,
  workedExampleSchema,
} from "#shared/schemas/pivot-assets.ts";
import { fileResponse, noContent } from "#shared/schemas/responses.ts";
import { access, requireCaller } from "../../lib/access.ts";
import { sendAttachment } from "../../lib/attachment.ts";
import type { PivotAssetsService } from "./pivot-assets.service.ts";

const byCard = z.strictObject({ pivotCardId: idParam("pivot card id").optional() });
const itemsQuery = z.strictObject({ pivotCardId: idParam("pivot card id").optional(), tz: timeZone });
const draft = z.object({
  title: z.string(),
  discipline: z.string(),
  definition: z.string(),
  projectId: z.number(),
});
const exportFile = fileResponse("The cards and their items, named by Content-Disposition", [
  "text/csv",
  "text/tab-separated-values",
]);

/** Pivot Assets: instructors' own cards, examples and items; students 403, others' 404. */
export const pivotAssetsRoutes =
  (service: PivotAssetsService): FastifyPluginAsyncZod =>
  async (app) => {
    const params = pivotIdParams;
    const mine = { config: { access: access.signedIn() } };
    const owned = { config: { access: access.owner() } };

    app.get(
      "/api/disciplines",
      { ...mine, schema: { response: { 200: z.array(disciplineSchema) } } },
      async (request) => service.disciplines(requireCaller(request)),
    );
    app.post(
      "/api/disciplines",
      { ...mine, schema: { body: createDisciplineSchema, response: { 201: disciplineCreatedSchema } } },
      async (request, reply) =>
        reply.code(201).send(await service.createDiscipline(request.body.name, requireCaller(request))),
    );

    /* Cards. The fixed paths come first in meaning; Fastify prefers static segments anyway. */
    app.get(
      "/api/pivot-cards",
      {
        ...mine,
        schema: { querystring: pivotCardListQuerySchema, response: { 200: z.array(pivotCardSchema) } },
      },
      async (request) => service.listCards(requireCaller(request), request.query),
    );
    app.get(
      "/api/pivot-cards/export",
      { ...mine, schema: { querystring: exportQuerySchema, response: { 200: exportFile } } },
      async (request, reply) => {
        const text = await service.exportCards(requireCaller(request), request.query.format);
        const csv = request.query.format === "csv";
        return sendAttachment(reply, {
          fileName: csv ? "pivot-cards.csv" : "pivot-cards-anki.txt",
          contentType: csv ? "text/csv; charset=utf-8" : "text/tab-separated-values; charset=utf-8",
          body: Buffer.from(text, "utf8"),
        });
      },
    );
    app.post(
      "/api/pivot-cards/import",
      {
        ...mine,
        schema: {
          querystring: importQuerySchema,
          body: importBodySchema,
          response: { 200: importResultSchema },
        },
      },
      async (request) => {
        const result = await service.importCards(
          request.body.csv,
          request.query.dryRun === "true",
          requireCaller(request),
        );
        // A file that could not be read has no duplicates to count.
        return { ...result, duplicates: result.duplicates ?? { cards: 0, items: 0 } };
      },
    );
    app.get(
      "/api/pivot-cards/drafts/project/:projectId",
      {
        ...owned,
        schema: { params: idParams("projectId", "project id"), response: { 200: z.array(draft) } },
      },
      async (request) => service.draftsFromProject(request.params.projectId, requireCaller(request)),
    );
    app.post(
      "/api/pivot-cards",
      { ...mine, schema: { body: createPivotCardSchema, response: { 201: pivotCardCreatedSchema } } },
      async (request, reply) =>
        reply.code(201).send(await service.createCard(request.body, requireCaller(request))),
    );
    app.post(
      "/api/pivot-cards/batch",
      {
        ...mine,
        schema: { body: createPivotCardsSchema, response: { 201: z.array(pivotCardSchema) } },
      },
      async (request, reply) =>
        reply.code(201).send(await service.createCards(request.body.cards, requireCaller(request))),
    );
    app.put(
      "/api/pivot-cards/:id/project",
      { ...owned, schema: { params, body: setCardProjectSchema, response: { 200: pivotCardSchema } } },
      async (request) =>
        service.setCardProject(request.params.id, request.body.projectId, requireCaller(request)),
    );
    app.get(
      "/api/pivot-cards/:id",
      { ...owned, schema: { params, response: { 200: pivotCardSchema } } },
      async (request) => service.getCard(request.params.id, requireCaller(request)),
    );
    app.put(
      "/api/pivot-cards/:id",
      { ...owned, schema: { params, body: updatePivotCardSchema, response: { 200: pivotCardSchema } } },
      async (request) => service.updateCard(request.params.id, request.body, requireCaller(request)),
    );
    app.delete(
      "/api/pivot-cards/:id",
      { ...owned, schema: { params, response: { 204: noContent } } },
      async (request, reply) => {
        await service.deleteCard(request.params.id, requireCaller(request));
        return reply.code(204).send();
      },
    );
    app.post(
      "/api/pivot-cards/:id/suggestions",
      { ...owned, schema: { params, response: { 200: suggestionsSchema } } },
      async (request) => {
        const gone = new AbortController();
        request.raw.once("close", () => gone.abort());
        return service.suggest(request.params.id, requireCaller(request), gone.signal);
      },
    );

    /* Worked examples */
    app.get(
      "/api/worked-examples",
      { ...mine, schema: { querystring: byCard, response: { 200: z.array(workedExampleSchema) } } },
      async (request) => service.listExamples(requireCaller(request), request.query.pivotCardId),
    );
    app.post(
      "/api/worked-examples",
      { ...mine, schema: { body: createWorkedExampleSchema, response: { 201: workedExampleSchema } } },
      async (request, reply) =>
        reply.code(201).send(await service.createExample(request.body, requireCaller(request))),
    );
    app.get(
      "/api/worked-examples/:id",
      { ...owned, schema: { params, response: { 200: workedExampleSchema } } },
      async (request) => service.getExample(request.params.id, requireCaller(request)),
    );
    app.put(
      "/api/worked-examples/:id",
      {
        ...owned,
        schema: { params, body: createWorkedExampleSchema, response: { 200: workedExampleSchema } },
      },
      async (request) => service.updateExample(request.params.id, request.body, requireCaller(request)),
    );
    app.delete(
      "/api/worked-examples/:id",
      { ...owned, schema: { params, response: { 204: noContent } } },
      async (request, reply) => {
        await service.deleteExample(request.params.id, requireCaller(request));
        return reply.code(204).send();
      },
    );

    /* Retrieval items */
    app.get(
      "/api/retrieval-items",
      { ...mine, schema: { querystring: itemsQuery, response: { 200: z.array(retrievalItemSchema) } } },
      async (request) => service.listItems(requireCaller(request), request.query),
    );
    app.get(
      "/api/retrieval-items/due",
      { ...mine, schema: { querystring: dueQuerySchema, response: { 200: dueListSchema } } },
      async (request) => service.due(requireCaller(request), request.query),
    );
    app.post(
      "/api/retrieval-items",
      { ...mine, schema: { body: createRetrievalItemSchema, response: { 201: retrievalItemSchema } } },
      async (request, reply) =>
        reply.code(201).send(await service.createItem(request.body, requireCaller(request))),
    );
    app.post(
      "/api/retrieval-items/accepted",
      { ...mine, schema: { body: acceptItemsSchema, response: { 201: z.array(retrievalItemSchema) } } },
      async (request, reply) =>
        reply.code(201).send(await service.acceptItems(request.body.items, requireCaller(request))),
    );
    app.get(
      "/api/retrieval-items/:id",
      { ...owned, schema: { params, response: { 200: retrievalItemSchema } } },
      async (request) => service.getItem(request.params.id, requireCaller(request)),
    );
    app.put(
      "/api/retrieval-items/:id",
      {
        ...owned,
        schema: { params, body: createRetrievalItemSchema, response: { 200: retrievalItemSchema } },
      },
      async (request) => service.updateItem(request.params.id, request.body, requireCaller(request)),
    );
    app.delete(
      "/api/retrieval-items/:id",
      { ...owned, schema: { params, response: { 204: noContent } } },
      async (request, reply) => {
        await service.deleteItem(request.params.id, requireCaller(request));
        return reply.code(204).send();
      },
    );
    app.post(
      "/api/retrieval-items/:id/reviews",
      { ...owned, schema: { params, body: reviewSchema, response: { 201: retrievalItemSchema } } },
      async (request, reply) =>
        reply
          .code(201)
          .send(await service.review(request.params.id, request.body.rating, requireCaller(request))),
    );
    app.delete(
      "/api/retrieval-items/:id/reviews/last",
      { ...owned, schema: { params, response: { 200: retrievalItemSchema } } },
      async (request) => service.undoLastReview(request.params.id, requireCaller(request)),
    );

    /* Figures and settings */
    app.get(
      "/api/pivot-assets/stats",
      { ...mine, schema: { querystring: tzQuerySchema, response: { 200: pivotStatsSchema } } },
      async (request) => service.stats(requireCaller(request), request.query.tz),
    );
    app.get(
      "/api/pivot-assets/settings",
      { ...mine, schema: { response: { 200: pivotSettingsSchema } } },
      async (request) => service.settings(requireCaller(request)),
    );
    app.put(
      "/api/pivot-assets/settings",
      { ...mine, schema: { body: updatePivotSettingsSchema, response: { 200: pivotSettingsSchema } } },
      async (request) => service.updateSettings(request.body.desiredRetention, requireCaller(request)),
    );
  };
