import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../context.ts";
import type { Database } from "../../db/client.ts";
import type { AiProvider } from "../../platform/ai/ai-provider.ts";
import { createCardTransferService } from "./card-transfer.service.ts";
import { createInstructorScheduleRepository } from "./instructor-schedule.repository.ts";
import { createPivotCardsRepository } from "./pivot-cards.repository.ts";
import { createPivotCardsService } from "./pivot-cards.service.ts";
import { createRetrievalItemsRepository } from "./retrieval-items.repository.ts";
import { createRetrievalItemsService } from "./retrieval-items.service.ts";
import { createRetrievalReviewService } from "./retrieval-review.service.ts";
import type { SchedulingService } from "./scheduling.service.ts";
import { createSuggestionsService } from "./suggestions.service.ts";
import { createWorkedExamplesRepository } from "./worked-examples.repository.ts";
import { createWorkedExamplesService } from "./worked-examples.service.ts";

/**
 * Pivot Assets, the service its routes call: its parts, each with the rules of what it serves,
 * over the module's repositories (SQL only): cards, disciplines and settings
 * (pivot-cards.service.ts), worked examples, retrieval items, the instructor's review and figures
 * (retrieval-review.service.ts, through the scheduling service), import and export
 * (card-transfer.service.ts) and suggestions.
 */
export function createPivotAssetsService(deps: {
  db: Database;
  now: () => Date;
  keys: AppContext["keys"];
  provider: AiProvider;
  log: FastifyBaseLogger;
  scheduling: SchedulingService;
  /** A project of the person's: to attach a card, to draft cards from its pivot concepts. */
  projects: Pick<AppContext["projects"], "findReadable">;
  /** Their projects' mental effort: the stats' cognitive load tile. */
  checkIns: Pick<AppContext["checkIns"], "effort">;
}) {
  const { db, now, keys, provider, log } = deps;
  const cards = createPivotCardsRepository(db);
  const items = createRetrievalItemsRepository(db);
  const { scheduling } = deps;
  const { rules, ...cardsService } = createPivotCardsService({ cards, items, projects: deps.projects, now });
  const examples = createWorkedExamplesService({ examples: createWorkedExamplesRepository(db), rules, now });
  const itemsService = createRetrievalItemsService({ items, cards, rules, scheduling, now });
  return {
    ...cardsService,
    ...examples,
    ...itemsService,
    ...createRetrievalReviewService({
      schedule: createInstructorScheduleRepository(db),
      cards,
      rules,
      scheduling,
      checkIns: deps.checkIns,
      now,
      getItem: itemsService.getItem,
    }),
    ...createCardTransferService({
      cards,
      items,
      rules,
      disciplines: cardsService.disciplines,
      scheduling,
      now,
    }),
    ...createSuggestionsService({ rules, listExamples: examples.listExamples, keys, provider, log }),
  };
}

export type PivotAssetsService = ReturnType<typeof createPivotAssetsService>;
