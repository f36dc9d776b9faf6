import { and, asc, eq, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import {
  facultyIdentityTable,
  type IdentityProviderRow,
  identityProviderTable,
  type SsoFlowRow,
  ssoCodeTable,
  ssoFlowTable,
} from "./identity-providers.table.ts";

type NewProvider = typeof identityProviderTable.$inferInsert;

export function createIdentityProvidersRepository(db: Database) {
  return {
    list: (): Promise<IdentityProviderRow[]> =>
      db.select().from(identityProviderTable).orderBy(asc(identityProviderTable.displayName)),

    async find(id: string): Promise<IdentityProviderRow | undefined> {
      const [row] = await db.select().from(identityProviderTable).where(eq(identityProviderTable.id, id));
      return row;
    },

    async insert(values: NewProvider): Promise<IdentityProviderRow> {
      const [row] = await db.insert(identityProviderTable).values(values).returning();
      if (!row) throw new Error("insert returned no row");
      return row;
    },

    async update(id: string, values: Partial<NewProvider>): Promise<IdentityProviderRow | undefined> {
      const [row] = await db
        .update(identityProviderTable)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(identityProviderTable.id, id))
        .returning();
      return row;
    },

    async delete(id: string): Promise<boolean> {
      const rows = await db
        .delete(identityProviderTable)
        .where(eq(identityProviderTable.id, id))
        .returning({ id: identityProviderTable.id });
      return rows.length > 0;
    },

    listEnabled: (): Promise<IdentityProviderRow[]> =>
      db
        .select()
        .from(identityProviderTable)
        .where(eq(identityProviderTable.enabled, true))
        .orderBy(asc(identityProviderTable.displayName)),

    /** The first enabled provider (by name) whose e-mail domains include `domain`. */
    async enabledForDomain(domain: string): Promise<IdentityProviderRow | undefined> {
      const [row] = await db
        .select()
        .from(identityProviderTable)
        .where(
          and(
            eq(identityProviderTable.enabled, true),
            sql`${identityProviderTable.emailDomains} @> ${JSON.stringify([domain])}::jsonb`,
          ),
        )
        .orderBy(asc(identityProviderTable.displayName))
        .limit(1);
      return row;
    },

    /** An enabled provider of `institution` that switched password sign-in off, if any. */
    async passwordSignInOffFor(institution: string): Promise<IdentityProviderRow | undefined> {
      const [row] = await db
        .select()
        .from(identityProviderTable)
        .where(
          and(
            eq(identityProviderTable.enabled, true),
            eq(identityProviderTable.passwordSignIn, false),
            sql`lower(${identityProviderTable.institution}) = lower(${institution})`,
          ),
        )
        .limit(1);
      return row;
    },

    /** Keeps a started flow; forgets the flows that expired meanwhile. */
    async startFlow(flow: SsoFlowRow, now: Date): Promise<void> {
      await db.delete(ssoFlowTable).where(lt(ssoFlowTable.expiresAt, now));
      await db.insert(ssoFlowTable).values(flow);
    },

    /** Takes a flow: the first caller gets it, whatever the instance; any later call gets nothing. */
    async takeFlow(id: string): Promise<SsoFlowRow | undefined> {
      const [row] = await db.delete(ssoFlowTable).where(eq(ssoFlowTable.id, id)).returning();
      return row;
    },

    async keepCode(values: typeof ssoCodeTable.$inferInsert, now: Date): Promise<void> {
      await db.delete(ssoCodeTable).where(lt(ssoCodeTable.expiresAt, now));
      await db.insert(ssoCodeTable).values(values);
    },

    /** Takes a code once; an expired one is taken too (and refused by the caller). */
    async takeCode(codeHash: string) {
      const [row] = await db.delete(ssoCodeTable).where(eq(ssoCodeTable.codeHash, codeHash)).returning();
      return row;
    },

    async findIdentity(providerId: string, subject: string) {
      const [row] = await db
        .select()
        .from(facultyIdentityTable)
        .where(
          and(eq(facultyIdentityTable.providerId, providerId), eq(facultyIdentityTable.subject, subject)),
        );
      return row;
    },

    async link(values: typeof facultyIdentityTable.$inferInsert): Promise<void> {
      await db.insert(facultyIdentityTable).values(values).onConflictDoNothing();
    },

    /** The providers an account is linked to, by name. */
    identitiesOf: (facultyId: number) =>
      db
        .select({
          providerId: facultyIdentityTable.providerId,
          displayName: identityProviderTable.displayName,
          email: facultyIdentityTable.email,
          linkedAt: facultyIdentityTable.linkedAt,
        })
        .from(facultyIdentityTable)
        .innerJoin(identityProviderTable, eq(identityProviderTable.id, facultyIdentityTable.providerId))
        .where(eq(facultyIdentityTable.facultyId, facultyId))
        .orderBy(asc(identityProviderTable.displayName)),
  };
}

export type IdentityProvidersRepository = ReturnType<typeof createIdentityProvidersRepository>;
