import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFaculty, insertFaculty, signedInFaculty, signIn } from "../../test/factories.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInFaculty>>;
let alice: Awaited<ReturnType<typeof signedInFaculty>>;
let bob: Awaited<ReturnType<typeof signedInFaculty>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInFaculty(t.app, t.database.db, { role: "admin" });
  alice = await signedInFaculty(t.app, t.database.db);
  bob = await signedInFaculty(t.app, t.database.db);
});
afterAll(() => t?.close());

const inject = (
  method: "GET" | "POST" | "PUT",
  url: string,
  headers: Record<string, string>,
  payload?: InjectOptions["payload"],
) => t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });

describe("reading faculty records", () => {
  it("answers one's own record by id and by e-mail, never with a password hash", async () => {
    const byId = await inject("GET", `/api/faculty/${alice.faculty.id}`, alice.headers);
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toMatchObject({ id: alice.faculty.id, email: alice.faculty.email });
    expect(byId.body).not.toMatch(/passwordHash|argon2/);
    const byEmail = await inject(
      "GET",
      `/api/faculty/email/${encodeURIComponent(alice.faculty.email.toUpperCase())}`,
      alice.headers,
    );
    expect(byEmail.statusCode).toBe(200);
    expect(byEmail.json().id).toBe(alice.faculty.id);
  });

  it("refuses another instructor's record with 403, by id and by e-mail", async () => {
    expect((await inject("GET", `/api/faculty/${bob.faculty.id}`, alice.headers)).statusCode).toBe(403);
    expect((await inject("GET", `/api/faculty/email/${bob.faculty.email}`, alice.headers)).statusCode).toBe(
      403,
    );
  });

  it("lets an admin read anyone, and answers 404 for nobody", async () => {
    expect((await inject("GET", `/api/faculty/${bob.faculty.id}`, admin.headers)).statusCode).toBe(200);
    expect((await inject("GET", "/api/faculty/email/nobody@university.test", admin.headers)).statusCode).toBe(
      404,
    );
    expect((await inject("GET", "/api/faculty/424242", admin.headers)).statusCode).toBe(404);
  });
});

describe("updating faculty records", () => {
  it("updates one's own profile fields and /me shows them at once", async () => {
    const reply = await inject("PUT", `/api/faculty/${alice.faculty.id}`, alice.headers, {
      title: "Professor",
      department: "Finance",
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ title: "Professor", department: "Finance" });
    const me = await inject("GET", "/api/auth/me", alice.headers);
    expect(me.json().faculty).toMatchObject({ title: "Professor", department: "Finance" });
  });

  it("refuses fields a person does not own: role, status, id, e-mail", async () => {
    for (const body of [
      { role: "admin" },
      { status: "approved" },
      { id: 1 },
      { email: "x@y.edu" },
      { passwordHash: "x" },
    ]) {
      const reply = await inject("PUT", `/api/faculty/${alice.faculty.id}`, alice.headers, body);
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
    }
    const me = await inject("GET", "/api/auth/me", alice.headers);
    expect(me.json().faculty.role).toBe("instructor");
  });

  it("refuses an empty update and empty names with messages", async () => {
    const empty = await inject("PUT", `/api/faculty/${alice.faculty.id}`, alice.headers, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("Nothing to update");
    const blank = await inject("PUT", `/api/faculty/${alice.faculty.id}`, alice.headers, { name: "  " });
    expect(blank.json().message).toBe("Name cannot be empty");
  });

  it("refuses another instructor's record, and lets an admin update it", async () => {
    expect(
      (await inject("PUT", `/api/faculty/${bob.faculty.id}`, alice.headers, { title: "Hacked" })).statusCode,
    ).toBe(403);
    const byAdmin = await inject("PUT", `/api/faculty/${bob.faculty.id}`, admin.headers, {
      title: "Lecturer",
    });
    expect(byAdmin.json().title).toBe("Lecturer");
  });
});

describe("creating faculty records", () => {
  it("lets an admin add an approved account that can sign in", async () => {
    const input = buildFaculty();
    const reply = await inject("POST", "/api/faculty", admin.headers, input);
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({ email: input.email, status: "approved", role: "instructor" });
    expect(await signIn(t.app, input.email, input.password)).toBeTruthy();
  });

  it("refuses instructors, admin role from an admin, and duplicates", async () => {
    expect((await inject("POST", "/api/faculty", alice.headers, buildFaculty())).statusCode).toBe(403);
    expect(
      (await inject("POST", "/api/faculty", admin.headers, { ...buildFaculty(), role: "admin" })).statusCode,
    ).toBe(403);
    const existing = await insertFaculty(t.database.db);
    const duplicate = await inject("POST", "/api/faculty", admin.headers, {
      ...buildFaculty(),
      email: existing.email,
    });
    expect(duplicate.statusCode).toBe(409);
  });
});
