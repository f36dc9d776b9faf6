import { goldStandardRubric, rubricFromDeliverables } from "#shared/domain/rubrics.ts";
import type { Rubric, RubricExportFormat, RubricValues } from "#shared/schemas/rubrics.ts";
import type { Caller } from "../../lib/access.ts";
import type { RubricRow } from "./milestones.table.ts";
import { createRubricNotFoundError } from "./rubrics.errors.ts";
import { buildRubricExport } from "./rubrics.export.ts";
import type { RubricsRepository, RubricValuesRow } from "./rubrics.repository.ts";

export const presentRubric = (row: RubricRow): Rubric => ({
  id: row.id,
  title: row.title,
  description: row.description,
  criteria: row.criteria,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * The values to store: criteria keep the ids they came with (assessments refer to them); a new one,
 * or one repeating an id already used, gets a fresh id.
 */
function storedValues(input: RubricValues): RubricValuesRow {
  const used = new Set<string>();
  const criteria = input.criteria.map((criterion) => {
    let id = criterion.id;
    if (id === undefined || used.has(id)) {
      let n = used.size + 1;
      while (used.has(`c${n}`) || input.criteria.some((other) => other.id === `c${n}`)) n++;
      id = `c${n}`;
    }
    used.add(id);
    return {
      id,
      title: criterion.title.trim(),
      weight: criterion.weight,
      levels: criterion.levels.map((level) => ({
        title: level.title.trim(),
        descriptor: level.descriptor.trim(),
        points: level.points ?? 0,
      })),
    };
  });
  return { title: input.title, description: input.description.trim(), criteria };
}

/** An instructor's rubrics: another's answer 404, as if they did not exist. */
export function createRubricsService(rubrics: RubricsRepository) {
  const own = async (id: number, caller: Caller) => {
    const row = await rubrics.find(id, caller.id);
    if (!row) throw createRubricNotFoundError();
    return row;
  };
  return {
    async list(caller: Caller): Promise<Rubric[]> {
      return (await rubrics.list(caller.id)).map(presentRubric);
    },
    async get(id: number, caller: Caller): Promise<Rubric> {
      return presentRubric(await own(id, caller));
    },
    async create(input: RubricValues, caller: Caller): Promise<Rubric> {
      return presentRubric(await rubrics.insert(caller.id, storedValues(input)));
    },
    async update(id: number, input: RubricValues, caller: Caller): Promise<Rubric> {
      const row = await rubrics.update(id, caller.id, storedValues(input));
      if (!row) throw createRubricNotFoundError();
      return presentRubric(row);
    },
    async remove(id: number, caller: Caller): Promise<void> {
      if (!(await rubrics.delete(id, caller.id))) throw createRubricNotFoundError();
    },
    goldStandard: goldStandardRubric,
    fromDeliverables: (input: { title: string; deliverables: string[] }) =>
      rubricFromDeliverables(input.title, input.deliverables),
    async export(id: number, format: RubricExportFormat, caller: Caller) {
      return buildRubricExport(presentRubric(await own(id, caller)), format);
    },
  };
}

export type RubricsService = ReturnType<typeof createRubricsService>;
