import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import type { Viewer } from "../../lib/policy.ts";
import { createCognitiveLoadRepository } from "../cognitive-load/cognitive-load.repository.ts";
import { projectPolicy } from "../projects/projects.policy.ts";
import { projectTable } from "../projects/projects.table.ts";

/**
 * What Pivot Assets reads of other modules, in one place: a project of the person's (to attach a
 * card, to draft cards from its pivot concepts) and their projects' mental effort (the stats'
 * cognitive load tile). The context hands out no projects or cognitive-load service yet; when it
 * does, these two become calls to it and this file goes.
 */
export function createOtherModulesReads(db: Database) {
  const cognitiveLoad = createCognitiveLoadRepository(db);
  return {
    async project(viewer: Viewer, id: number) {
      const [row] = await db
        .select()
        .from(projectTable)
        .where(and(eq(projectTable.id, id), projectPolicy.readable(viewer)));
      return row;
    },
    effort: (viewer: Viewer) => cognitiveLoad.effort(viewer),
  };
}
export type OtherModulesReads = ReturnType<typeof createOtherModulesReads>;
