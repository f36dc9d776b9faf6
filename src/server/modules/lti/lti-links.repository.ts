import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import {
  type LtiPlatformRow,
  type LtiProjectLinkRow,
  ltiPlatformTable,
  ltiProjectLinkTable,
} from "./lti.table.ts";

/** Where a resource link is: its platform, deployment and id. */
export interface ResourceLinkKey {
  platformId: string;
  deploymentId: string;
  resourceLinkId: string;
}

/** What the latest launch through a link said about its course and services. */
export interface LinkServices {
  contextId: string;
  contextTitle: string | null;
  membershipsUrl: string | null;
  lineItemsUrl: string | null;
  lineItemUrl: string | null;
}

const byKey = (key: ResourceLinkKey) =>
  and(
    eq(ltiProjectLinkTable.platformId, key.platformId),
    eq(ltiProjectLinkTable.deploymentId, key.deploymentId),
    eq(ltiProjectLinkTable.resourceLinkId, key.resourceLinkId),
  );

/** The LMS resource links mapped to projects. */
export function createLtiLinksRepository(db: Database) {
  return {
    async find(key: ResourceLinkKey): Promise<LtiProjectLinkRow | undefined> {
      const [row] = await db.select().from(ltiProjectLinkTable).where(byKey(key));
      return row;
    },

    /** Maps the link to a project (or moves it to another), with the course's services. */
    async save(key: ResourceLinkKey, projectId: number, services: LinkServices): Promise<LtiProjectLinkRow> {
      const [row] = await db
        .insert(ltiProjectLinkTable)
        .values({ id: randomUUID(), ...key, projectId, ...services })
        .onConflictDoUpdate({
          target: [
            ltiProjectLinkTable.platformId,
            ltiProjectLinkTable.deploymentId,
            ltiProjectLinkTable.resourceLinkId,
          ],
          set: { projectId, ...services, updatedAt: new Date() },
        })
        .returning();
      if (!row) throw new Error("link not saved");
      return row;
    },

    /** Keeps the course's service addresses as the latest launch gave them. */
    async refresh(id: string, services: LinkServices): Promise<void> {
      await db
        .update(ltiProjectLinkTable)
        .set({ ...services, updatedAt: new Date() })
        .where(eq(ltiProjectLinkTable.id, id));
    },

    /** Notes when the links' rosters were synced. */
    async markRosterSynced(ids: string[], at: Date): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(ltiProjectLinkTable)
        .set({ rosterSyncedAt: at })
        .where(inArray(ltiProjectLinkTable.id, ids));
    },

    /** A project's links, each with its platform (for roster sync and grades). */
    async ofProject(
      projectId: number,
    ): Promise<Array<{ link: LtiProjectLinkRow; platform: LtiPlatformRow }>> {
      const rows = await db
        .select({ link: ltiProjectLinkTable, platform: ltiPlatformTable })
        .from(ltiProjectLinkTable)
        .innerJoin(ltiPlatformTable, eq(ltiPlatformTable.id, ltiProjectLinkTable.platformId))
        .where(eq(ltiProjectLinkTable.projectId, projectId))
        .orderBy(asc(ltiProjectLinkTable.createdAt));
      return rows;
    },
  };
}

export type LtiLinksRepository = ReturnType<typeof createLtiLinksRepository>;
