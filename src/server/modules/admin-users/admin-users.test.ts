import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "#shared/account.ts";
import { bearer, insertFaculty, signedInFaculty, signIn } from "../../test/factories.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

let t: TestApp;
let superAdmin: Awaited<ReturnType<typeof signedInFaculty>>;
let admin: Awaited<ReturnType<typeof signedInFaculty>>;
let instructor: Awaited<ReturnType<typeof signedInFaculty>>;

beforeAll(async () => {
  t = await createTestApp();
  superAdmin = await signedInFaculty(t.app, t.database.db, { role: "super_admin" });
  admin = await signedInFaculty(t.app, t.database.db, { role: "admin" });
  instructor = await signedInFaculty(t.app, t.database.db, { role: "instructor" });
});
afterAll(() => t?.close());

const call = (
  method: "GET" | "POST" | "PUT",
  url: string,
  headers: Record<string, string>,
  payload?: InjectOptions["payload"],
) => t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });

describe("listing accounts", () => {
  it("lists by status for admins, oldest first, without password hashes", async () => {
    const a = await insertFaculty(t.database.db, { status: "pending" });
    const b = await insertFaculty(t.database.db, { status: "pending" });
    const rejected = await insertFaculty(t.database.db, { status: "rejected" });
    const pending = await call("GET", "/api/admin/users?status=pending", admin.headers);
    expect(pending.statusCode).toBe(200);
    const ids = pending.json().map((row: { id: number }) => row.id);
    expect(ids.indexOf(a.id)).toBeLessThan(ids.indexOf(b.id));
    expect(ids).not.toContain(rejected.id);
    expect(pending.body).not.toMatch(/passwordHash|argon2/);
    const rejectedList = await call("GET", "/api/admin/users?status=rejected", superAdmin.headers);
    expect(rejectedList.json().map((row: { id: number }) => row.id)).toContain(rejected.id);
  });

  it("answers a page, finds by name or e-mail, and gives the total in X-Total-Count", async () => {
    const inserted = [];
    for (const name of ["Page One", "Page Two", "Page Three"]) {
      inserted.push(await insertFaculty(t.database.db, { status: "rejected", name }));
    }
    const ids = (reply: { json: () => Array<{ id: number }> }) => reply.json().map((row) => row.id);
    const all = await call("GET", "/api/admin/users?status=rejected&q=page%20", superAdmin.headers);
    expect(all.headers["x-total-count"]).toBe("3");
    expect(ids(all)).toEqual(inserted.map((row) => row.id));
    const second = await call(
      "GET",
      "/api/admin/users?status=rejected&q=PAGE&limit=1&offset=1",
      admin.headers,
    );
    expect(second.headers["x-total-count"]).toBe("3");
    expect(ids(second)).toEqual([inserted[1]?.id]);
    const byEmail = await call(
      "GET",
      `/api/admin/users?status=rejected&q=${encodeURIComponent(inserted[2]?.email ?? "")}`,
      admin.headers,
    );
    expect(ids(byEmail)).toEqual([inserted[2]?.id]);
    expect((await call("GET", "/api/admin/users?limit=0", admin.headers)).json().message).toBe(
      "limit must be a number from 1 to 100",
    );
  });

  it("refuses an unknown status and non-admins", async () => {
    const bad = await call("GET", "/api/admin/users?status=everyone", admin.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Status must be pending, approved or rejected");
    expect((await call("GET", "/api/admin/users", instructor.headers)).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/admin/users" })).statusCode).toBe(401);
  });
});

describe("approval", () => {
  it("lets a pending account sign in once approved", async () => {
    const pending = await insertFaculty(t.database.db, { status: "pending" });
    const before = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: pending.email, password: pending.password },
    });
    expect(before.json().message).toBe(AUTH_MESSAGES.pending);
    const approved = await call("POST", `/api/admin/users/${pending.id}/approve`, admin.headers);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ id: pending.id, status: "approved" });
    expect(await signIn(t.app, pending.email, pending.password)).toBeTruthy();
  });

  it("ends every session of a rejected account at once", async () => {
    const member = await signedInFaculty(t.app, t.database.db);
    expect((await call("GET", "/api/auth/me", member.headers)).statusCode).toBe(200);
    const rejected = await call("POST", `/api/admin/users/${member.faculty.id}/reject`, admin.headers);
    expect(rejected.json()).toMatchObject({ status: "rejected" });
    expect((await call("GET", "/api/auth/me", member.headers)).statusCode).toBe(401);
    const again = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: member.faculty.email, password: member.faculty.password },
    });
    expect(again.json().message).toBe(AUTH_MESSAGES.rejected);
  });

  it("answers 404 for an unknown account and 400 for a malformed id", async () => {
    expect((await call("POST", "/api/admin/users/999999/approve", admin.headers)).statusCode).toBe(404);
    const malformed = await call("POST", "/api/admin/users/abc/approve", admin.headers);
    expect(malformed.statusCode).toBe(400);
  });

  it("protects the super_admin, administrators (from other admins) and oneself", async () => {
    expect(
      (await call("POST", `/api/admin/users/${superAdmin.faculty.id}/reject`, admin.headers)).statusCode,
    ).toBe(403);
    const otherAdmin = await insertFaculty(t.database.db, { role: "admin" });
    expect((await call("POST", `/api/admin/users/${otherAdmin.id}/reject`, admin.headers)).statusCode).toBe(
      403,
    );
    const self = await call("POST", `/api/admin/users/${admin.faculty.id}/reject`, admin.headers);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe("You cannot change your own account here.");
    expect(
      (await call("POST", `/api/admin/users/${otherAdmin.id}/reject`, superAdmin.headers)).statusCode,
    ).toBe(200);
  });

  it("refuses instructors", async () => {
    const pending = await insertFaculty(t.database.db, { status: "pending" });
    expect(
      (await call("POST", `/api/admin/users/${pending.id}/approve`, instructor.headers)).statusCode,
    ).toBe(403);
    expect((await call("POST", `/api/admin/users/${pending.id}/reject`, instructor.headers)).statusCode).toBe(
      403,
    );
  });
});

describe("role changes", () => {
  it("lets only the super_admin grant admin", async () => {
    const target = await insertFaculty(t.database.db);
    const byAdmin = await call("PUT", `/api/admin/users/${target.id}/role`, admin.headers, { role: "admin" });
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().message).toBe("Only the Super Admin can grant the admin role.");
    const bySuper = await call("PUT", `/api/admin/users/${target.id}/role`, superAdmin.headers, {
      role: "admin",
    });
    expect(bySuper.statusCode).toBe(200);
    expect(bySuper.json().role).toBe("admin");
  });

  it("lets an admin move accounts between instructor and student", async () => {
    const target = await insertFaculty(t.database.db, { role: "student" });
    const reply = await call("PUT", `/api/admin/users/${target.id}/role`, admin.headers, {
      role: "instructor",
    });
    expect(reply.json()).toMatchObject({ role: "instructor" });
  });

  it("refuses super_admin as a role and unknown fields", async () => {
    const target = await insertFaculty(t.database.db);
    const superRole = await call("PUT", `/api/admin/users/${target.id}/role`, superAdmin.headers, {
      role: "super_admin",
    });
    expect(superRole.statusCode).toBe(400);
    expect(superRole.json().message).toBe("Role must be instructor, student or admin");
    const extra = await call("PUT", `/api/admin/users/${target.id}/role`, superAdmin.headers, {
      role: "student",
      status: "approved",
    });
    expect(extra.statusCode).toBe(400);
  });

  it("ends the sessions of a demoted account, and an admin route refuses it at once", async () => {
    const demoted = await signedInFaculty(t.app, t.database.db, { role: "admin" });
    expect((await call("GET", "/api/admin/users", demoted.headers)).statusCode).toBe(200);
    await call("PUT", `/api/admin/users/${demoted.faculty.id}/role`, superAdmin.headers, {
      role: "instructor",
    });
    expect((await call("GET", "/api/admin/users", demoted.headers)).statusCode).toBe(401);
    const fresh = bearer(await signIn(t.app, demoted.faculty.email, demoted.faculty.password));
    expect((await call("GET", "/api/admin/users", fresh)).statusCode).toBe(403);
  });

  it("takes a promotion into account on the next request", async () => {
    const promoted = await signedInFaculty(t.app, t.database.db);
    expect((await call("GET", "/api/admin/users", promoted.headers)).statusCode).toBe(403);
    await call("PUT", `/api/admin/users/${promoted.faculty.id}/role`, superAdmin.headers, { role: "admin" });
    expect((await call("GET", "/api/admin/users", promoted.headers)).statusCode).toBe(200);
  });
});
