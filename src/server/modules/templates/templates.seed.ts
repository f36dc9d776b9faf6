import type { Database } from "../../db/client.ts";
import { createTemplatesRepository } from "./templates.repository.ts";
import { TEMPLATE_SEEDS } from "./templates.seed-data.ts";
import { templateValues } from "./templates.service.ts";

/**
 * Adds the library templates that were never seeded. Idempotent: a restart adds nothing twice,
 * never touches a template an admin edited, and does not bring back one an admin deleted.
 */
export async function seedTemplateLibrary(db: Database): Promise<number> {
  return createTemplatesRepository(db).seed(
    TEMPLATE_SEEDS.map(({ seedKey, ...input }) => ({
      seedKey,
      values: { ...templateValues(input), status: "approved", authorId: null },
    })),
  );
}
