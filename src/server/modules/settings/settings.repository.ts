import { eq } from "drizzle-orm";
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

    async setPersonalKey(facultyId: number, sealed: string | null): Promise<void> {
      const updatedAt = new Date();
      await db
        .insert(facultySettingTable)
        .values({ facultyId, openaiKeySealed: sealed, updatedAt })
        .onConflictDoUpdate({
          target: facultySettingTable.facultyId,
          set: { openaiKeySealed: sealed, updatedAt },
        });
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
