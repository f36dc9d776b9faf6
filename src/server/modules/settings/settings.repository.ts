import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { facultySettingTable, systemSettingTable } from "./settings.table.ts";

export function createSettingsRepository(db: Database) {
  return {
    async personalKey(facultyId: number): Promise<string | null> {
      const [row] = await db
        .select({ sealed: facultySettingTable.openaiKeySealed })
        .from(facultySettingTable)
        .where(eq(facultySettingTable.facultyId, facultyId));
      return row?.sealed ?? null;
    },

    /** Saving or removing a key forgets the last test: it was of another key. */
    async setPersonalKey(facultyId: number, sealed: string | null): Promise<void> {
      const updatedAt = new Date();
      const untested = { openaiKeyTestValid: null, openaiKeyTestedAt: null };
      await db
        .insert(facultySettingTable)
        .values({ facultyId, openaiKeySealed: sealed, ...untested, updatedAt })
        .onConflictDoUpdate({
          target: facultySettingTable.facultyId,
          set: { openaiKeySealed: sealed, ...untested, updatedAt },
        });
    },

    async personalKeyTest(facultyId: number): Promise<{ valid: boolean; testedAt: Date } | null> {
      const [row] = await db
        .select({
          valid: facultySettingTable.openaiKeyTestValid,
          testedAt: facultySettingTable.openaiKeyTestedAt,
        })
        .from(facultySettingTable)
        .where(eq(facultySettingTable.facultyId, facultyId));
      if (row?.valid == null || !row.testedAt) return null;
      return { valid: row.valid, testedAt: row.testedAt };
    },

    /** Only while the key tested is still the one stored (a save in between wins). */
    async recordPersonalKeyTest(
      facultyId: number,
      sealed: string,
      test: { valid: boolean; testedAt: Date },
    ): Promise<void> {
      await db
        .update(facultySettingTable)
        .set({ openaiKeyTestValid: test.valid, openaiKeyTestedAt: test.testedAt })
        .where(
          and(eq(facultySettingTable.facultyId, facultyId), eq(facultySettingTable.openaiKeySealed, sealed)),
        );
    },

    async systemValue(name: string): Promise<string | null> {
      const [row] = await db
        .select({ sealed: systemSettingTable.valueSealed })
        .from(systemSettingTable)
        .where(eq(systemSettingTable.name, name));
      return row?.sealed ?? null;
    },

    async setSystemValue(name: string, sealed: string, updatedBy: number): Promise<void> {
      const updatedAt = new Date();
      await db
        .insert(systemSettingTable)
        .values({ name, valueSealed: sealed, updatedBy, updatedAt })
        .onConflictDoUpdate({
          target: systemSettingTable.name,
          set: { valueSealed: sealed, updatedBy, updatedAt },
        });
    },

    async deleteSystemValue(name: string): Promise<void> {
      await db.delete(systemSettingTable).where(eq(systemSettingTable.name, name));
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
