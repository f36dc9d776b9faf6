// A fresh PostgreSQL database for one benchmark: made, opened and migrated as the app does, and
// dropped again afterwards, as the tests' (src/server/test/test-database.ts).
import type { DatabaseHandle } from "../src/server/db/client.ts";
import { openNewPostgres } from "../src/server/test/test-database.ts";

export async function onFreshPostgres<T>(
  url: string,
  name: string,
  run: (database: DatabaseHandle) => Promise<T>,
): Promise<T> {
  const { handle, drop } = await openNewPostgres(url, name);
  try {
    return await run(handle);
  } finally {
    await drop();
  }
}
