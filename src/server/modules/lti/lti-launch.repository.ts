import { and, eq, gt, lt } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { type LtiLaunchClaims, ltiLaunchTable, ltiLoginStateTable } from "./lti.table.ts";

export type LtiLaunchRow = typeof ltiLaunchTable.$inferSelect;

/** Login states and validated launches: in the database, so any instance finishes what another began. */
export function createLtiLaunchRepository(db: Database) {
  return {
    /** Keeps a login's state and nonce; drops the expired ones on the way. */
    async keepState(values: typeof ltiLoginStateTable.$inferInsert, now: Date): Promise<void> {
      await db.delete(ltiLoginStateTable).where(lt(ltiLoginStateTable.expiresAt, now));
      await db.insert(ltiLoginStateTable).values(values);
    },

    /** The state, once: a second launch with it finds nothing. */
    async takeState(state: string) {
      const [row] = await db
        .delete(ltiLoginStateTable)
        .where(eq(ltiLoginStateTable.state, state))
        .returning();
      return row;
    },

    async keepLaunch(
      values: {
        id: string;
        platformId: string;
        deploymentId: string;
        facultyId: number;
        claims: LtiLaunchClaims;
        codeHash: string;
        codeExpiresAt: Date;
        expiresAt: Date;
      },
      now: Date,
    ): Promise<void> {
      await db.delete(ltiLaunchTable).where(lt(ltiLaunchTable.expiresAt, now));
      await db.insert(ltiLaunchTable).values(values);
    },

    /** The launch of a one-time code, once: the code is cleared as it is read. */
    async takeCode(codeHash: string): Promise<LtiLaunchRow | undefined> {
      const [row] = await db
        .update(ltiLaunchTable)
        .set({ codeHash: null })
        .where(eq(ltiLaunchTable.codeHash, codeHash))
        .returning();
      return row;
    },

    /** A person's own launch, while it lasts. */
    async find(id: string, facultyId: number, now: Date): Promise<LtiLaunchRow | undefined> {
      const [row] = await db
        .select()
        .from(ltiLaunchTable)
        .where(
          and(
            eq(ltiLaunchTable.id, id),
            eq(ltiLaunchTable.facultyId, facultyId),
            gt(ltiLaunchTable.expiresAt, now),
          ),
        );
      return row;
    },
  };
}

export type LtiLaunchRepository = ReturnType<typeof createLtiLaunchRepository>;
