// Runs once per e2e run, after the web servers are up and before any spec: registers the run's
// super_admin through the API. The server makes the first account of a fresh database its approved
// super_admin (covered by src/server/modules/auth/auth.test.ts), so no spec has to run first.
import { type FullConfig, request } from "@playwright/test";
import { superAdminUser } from "./fixtures.ts";

export default async function registerSuperAdmin(config: FullConfig): Promise<void> {
  const baseURL = config.projects[0]?.use.baseURL;
  const context = await request.newContext({ baseURL });
  try {
    const response = await context.post("/api/auth/register", { data: superAdminUser });
    if (response.status() !== 201)
      throw new Error(`registering the super admin failed: ${response.status()} ${await response.text()}`);
  } finally {
    await context.dispose();
  }
}
