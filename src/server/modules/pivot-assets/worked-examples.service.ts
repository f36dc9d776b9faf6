import type { CreateWorkedExampleInput, WorkedExample } from "#shared/schemas/pivot-assets.ts";
import type { Caller } from "../../lib/access.ts";
import { viewerOf } from "../../lib/policy.ts";
import { createWorkedExampleNotFoundError } from "./pivot-assets.errors.ts";
import type { PivotCardRules } from "./pivot-cards.service.ts";
import type { WorkedExamplesRepository } from "./worked-examples.repository.ts";

/** Worked examples: steps, self-explanation prompts and a completion problem on one's own card. */
export function createWorkedExamplesService(deps: {
  examples: WorkedExamplesRepository;
  rules: Pick<PivotCardRules, "ownCard">;
  now: () => Date;
}) {
  const { examples, rules, now } = deps;

  async function listExamples(caller: Caller, pivotCardId?: number, id?: number): Promise<WorkedExample[]> {
    const rows = await examples.list(viewerOf(caller), { pivotCardId, id });
    return rows.map(({ example, cardTitle }) => ({
      id: example.id,
      pivotCardId: example.pivotCardId,
      pivotCardTitle: cardTitle,
      title: example.title,
      steps: example.steps,
      selfExplanationPrompts: example.selfExplanationPrompts,
      completionProblem: example.completionProblem,
      createdAt: example.createdAt.toISOString(),
    }));
  }

  return {
    listExamples,

    async getExample(id: number, caller: Caller) {
      const [found] = await listExamples(caller, undefined, id);
      if (!found) throw createWorkedExampleNotFoundError();
      return found;
    },

    async createExample(input: CreateWorkedExampleInput, caller: Caller) {
      const card = await rules.ownCard(input.pivotCardId, caller);
      const row = await examples.insert(viewerOf(caller), input, now());
      return {
        ...input,
        id: row.id,
        pivotCardTitle: card.title,
        createdAt: row.createdAt.toISOString(),
      };
    },

    async updateExample(id: number, input: CreateWorkedExampleInput, caller: Caller) {
      const card = await rules.ownCard(input.pivotCardId, caller);
      const row = await examples.update(viewerOf(caller), id, input);
      if (!row) throw createWorkedExampleNotFoundError();
      return { ...input, id: row.id, pivotCardTitle: card.title, createdAt: row.createdAt.toISOString() };
    },

    async deleteExample(id: number, caller: Caller) {
      if (!(await examples.delete(viewerOf(caller), id))) throw createWorkedExampleNotFoundError();
    },
  };
}
export type WorkedExamplesService = ReturnType<typeof createWorkedExamplesService>;
