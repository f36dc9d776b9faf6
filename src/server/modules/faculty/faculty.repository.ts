import { asc, count, eq, sql } from "drizzle-orm";
import type { AccountStatus } from "#shared/account.ts";
import type { Database } from "../../db/client.ts";
import { type FacultyRow, facultyTable, type NewFacultyRow } from "./faculty.table.ts";

export function createFacultyRepository(db: Database) {
  return {
    async findById(id: number): Promise<FacultyRow | undefined> {
      const [row] = await db.select().from(facultyTable).where(eq(facultyTable.id, id));
      return row;
    },

    async findByEmail(email: string): Promise<FacultyRow | undefined> {
      const [row] = await db.select().from(facultyTable).where(eq(facultyTable.email, email));
      return row;
    },

    async countAll(): Promise<number> {
      const [row] = await db.select({ total: count() }).from(facultyTable);
      return row?.total ?? 0;
    },

    async listByStatus(status: AccountStatus): Promise<FacultyRow[]> {
      return db
        .select()
        .from(facultyTable)
        .where(eq(facultyTable.status, status))
        .orderBy(asc(facultyTable.createdAt));
    },

    async insert(values: NewFacultyRow): Promise<FacultyRow> {
      const [row] = await db.insert(facultyTable).values(values).returning();
      if (!row) throw new Error("insert returned no row");
      return row;
    },

    /**
     * Inserts the account as super_admin when no account exists yet, else with the given role and
     * status. The check and the insert run in one transaction under an advisory lock, so two
     * simultaneous first registrations cannot both become super_admin.
     */
    async insertFirstOrPending(values: NewFacultyRow): Promise<FacultyRow> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(7313001)`);
        const [existing] = await tx.select({ total: count() }).from(facultyTable);
        const first = (existing?.total ?? 0) === 0;
        const [row] = await tx
          .insert(facultyTable)
          .values(
            first ? { ...values, role: "super_admin", status: "approved", reviewedAt: new Date() } : values,
          )
          .returning();
        if (!row) throw new Error("insert returned no row");
        return row;
      });
    },

    async update(id: number, values: Partial<NewFacultyRow>): Promise<FacultyRow | undefined> {
      const [row] = await db
        .update(facultyTable)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(facultyTable.id, id))
        .returning();
      return row;
    },
  };
}

export type FacultyRepository = ReturnType<typeof createFacultyRepository>;
