import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { type LtiPlatformRow, ltiDeploymentTable, ltiPlatformTable } from "./lti.table.ts";

type PlatformValues = Omit<typeof ltiPlatformTable.$inferInsert, "id" | "createdAt" | "updatedAt">;

export interface PlatformWithDeployments extends LtiPlatformRow {
  deploymentIds: string[];
}

export function createLtiRepository(db: Database) {
  async function deploymentsOf(platformIds: string[]) {
    if (platformIds.length === 0) return new Map<string, string[]>();
    const rows = await db
      .select()
      .from(ltiDeploymentTable)
      .where(inArray(ltiDeploymentTable.platformId, platformIds))
      .orderBy(asc(ltiDeploymentTable.deploymentId));
    const of = new Map<string, string[]>(platformIds.map((id) => [id, []]));
    for (const row of rows) of.get(row.platformId)?.push(row.deploymentId);
    return of;
  }

  const withDeployments = async (rows: LtiPlatformRow[]): Promise<PlatformWithDeployments[]> => {
    const of = await deploymentsOf(rows.map((row) => row.id));
    return rows.map((row) => ({ ...row, deploymentIds: of.get(row.id) ?? [] }));
  };

  return {
    async list(): Promise<PlatformWithDeployments[]> {
      return withDeployments(
        await db
          .select()
          .from(ltiPlatformTable)
          .orderBy(asc(ltiPlatformTable.institution), asc(ltiPlatformTable.issuer)),
      );
    },

    async find(id: string): Promise<PlatformWithDeployments | undefined> {
      const rows = await db.select().from(ltiPlatformTable).where(eq(ltiPlatformTable.id, id));
      return (await withDeployments(rows))[0];
    },

    /** The platforms of an issuer: with its client id, or all of them when a login names none. */
    async findByIssuer(issuer: string, clientId?: string): Promise<PlatformWithDeployments[]> {
      const condition = clientId
        ? and(eq(ltiPlatformTable.issuer, issuer), eq(ltiPlatformTable.clientId, clientId))
        : eq(ltiPlatformTable.issuer, issuer);
      return withDeployments(await db.select().from(ltiPlatformTable).where(condition));
    },

    /** Inserts the platform and its deployments in one transaction. */
    async insert(id: string, values: PlatformValues, deploymentIds: string[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.insert(ltiPlatformTable).values({ ...values, id });
        await tx
          .insert(ltiDeploymentTable)
          .values(deploymentIds.map((deploymentId) => ({ platformId: id, deploymentId })));
      });
    },

    /** Replaces the platform and its deployments; false when it does not exist. */
    async replace(id: string, values: PlatformValues, deploymentIds: string[]): Promise<boolean> {
      return db.transaction(async (tx) => {
        const updated = await tx
          .update(ltiPlatformTable)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(ltiPlatformTable.id, id))
          .returning({ id: ltiPlatformTable.id });
        if (updated.length === 0) return false;
        await tx.delete(ltiDeploymentTable).where(eq(ltiDeploymentTable.platformId, id));
        await tx
          .insert(ltiDeploymentTable)
          .values(deploymentIds.map((deploymentId) => ({ platformId: id, deploymentId })));
        return true;
      });
    },

    async delete(id: string): Promise<boolean> {
      const rows = await db
        .delete(ltiPlatformTable)
        .where(eq(ltiPlatformTable.id, id))
        .returning({ id: ltiPlatformTable.id });
      return rows.length > 0;
    },
  };
}

export type LtiRepository = ReturnType<typeof createLtiRepository>;
