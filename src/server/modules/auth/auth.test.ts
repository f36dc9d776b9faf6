import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_MESSAGES, PASSWORD_MESSAGES, REGISTRATION_MESSAGES } from "#shared/account.ts";
import { selectRows } from "../../db/client.ts";
import { bearer, buildFaculty, insertFaculty, signIn } from "../../test/factories.ts";
import { createTestApp, passTime, type TestApp } from "../../test/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const register = (payload: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: "/api/auth/register", payload });
const login = (email: string, password: string) =>
  t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password } });

describe("registration", () => {
  it("makes the first account an approved super_admin, and later ones pending", async () => {
    const first = buildFaculty();
    const firstReply = await register(first);
    expect(firstReply.statusCode).toBe(201);
    expect(firstReply.json()).toEqual({ message: REGISTRATION_MESSAGES.firstAccount });

    const second = buildFaculty({ role: "student" });
    const secondReply = await register(second);
    expect(secondReply.statusCode).toBe(201);
    expect(secondReply.json()).toEqual({ message: REGISTRATION_MESSAGES.pending });

    const adminSession = await signIn(t.app, first.email);
    const me = await t.app.inject({ method: "GET", url: "/api/auth/me", headers: bearer(adminSession) });
    expect(me.json().faculty).toMatchObject({ email: first.email, role: "super_admin", status: "approved" });

    const pending = await t.app.inject({
      method: "GET",
      url: "/api/admin/users?status=pending",
      headers: bearer(adminSession),
    });
    expect(pending.json()).toEqual([
      expect.objectContaining({ email: second.email, role: "student", status: "pending" }),
    ]);
  });

  it("answers each spec validation message", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: "" }, "Name is required"],
      [{ email: "not-an-email" }, "Please enter a valid email address"],
      [{ password: "" }, "Password is required"],
      [{ password: "seven77" }, "Password must be at least 8 characters"],
      [{ title: " " }, "Title is required"],
      [{ department: "" }, "Department is required"],
      [{ institution: "" }, "Institution is required"],
      [{ role: "admin" }, "Role must be instructor or student"],
      [{ role: "super_admin" }, "Role must be instructor or student"],
    ];
    for (const [override, message] of cases) {
      const reply = await register({ ...buildFaculty(), ...override });
      expect(reply.statusCode, JSON.stringify(override)).toBe(400);
      expect(reply.json().message).toBe(message);
    }
  });

  it("refuses fields the registrant does not own", async () => {
    for (const extra of [{ status: "approved" }, { id: 1 }, { passwordHash: "x" }]) {
      const reply = await register({ ...buildFaculty(), ...extra });
      expect(reply.statusCode).toBe(400);
    }
  });

  it("defect 9: refuses a password shorter than 8 characters or one of the most common, as a password change does", async () => {
    for (const password of ["x", "seven77"]) {
      const reply = await register({ ...buildFaculty(), password });
      expect(reply.statusCode, password).toBe(400);
      expect(reply.json().message).toBe(PASSWORD_MESSAGES.short);
    }
    for (const password of ["password1", "12345678", "Qwertyuiop", "iloveyou"]) {
      const input = buildFaculty({ password });
      const reply = await register(input);
      expect(reply.statusCode, password).toBe(400);
      expect(reply.json().message).toBe(PASSWORD_MESSAGES.common);
      expect((await login(input.email, password)).statusCode).toBe(401);
    }
  });

  it("defect 9: answers a taken e-mail as a new registration, changes nothing, and the owner still signs in", async () => {
    const owner = await insertFaculty(t.database.db, { name: "Original Owner" });
    const fresh = await register(buildFaculty());
    const again = await register({
      ...buildFaculty({ name: "Someone Else", password: "another long passphrase" }),
      email: owner.email.toUpperCase(),
    });
    expect(again.statusCode).toBe(fresh.statusCode);
    expect(again.json()).toEqual(fresh.json());
    expect((await login(owner.email, "another long passphrase")).statusCode).toBe(401);
    const signedIn = await login(owner.email, owner.password);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().faculty).toMatchObject({ name: "Original Owner", status: "approved" });
  });

  it("answers malformed JSON with a 400 message", async () => {
    const reply = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe("The request body is not valid JSON.");
  });
});

describe("sign-in", () => {
  it("answers the same message for an unknown e-mail and a wrong password", async () => {
    const faculty = await insertFaculty(t.database.db);
    const unknown = await login("nobody@university.test", "whatever");
    const wrong = await login(faculty.email, "wrong password");
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json().message).toBe(AUTH_MESSAGES.invalidCredentials);
    expect(wrong.json().message).toBe(unknown.json().message);
  });

  it("refuses pending and rejected accounts with their own messages", async () => {
    const pending = await insertFaculty(t.database.db, { status: "pending" });
    const rejected = await insertFaculty(t.database.db, { status: "rejected" });
    const pendingReply = await login(pending.email, pending.password);
    expect(pendingReply.statusCode).toBe(403);
    expect(pendingReply.json().message).toBe(AUTH_MESSAGES.pending);
    const rejectedReply = await login(rejected.email, rejected.password);
    expect(rejectedReply.statusCode).toBe(403);
    expect(rejectedReply.json().message).toBe(AUTH_MESSAGES.rejected);
  });

  it("answers the spec's validation messages", async () => {
    const badEmail = await login("nope", "x");
    expect(badEmail.json().message).toBe("Please enter a valid email address");
    const noPassword = await login("a@b.edu", "");
    expect(noPassword.json().message).toBe("Password is required");
  });

  it("issues a new session id at every sign-in, never returns the hash, and sets an HttpOnly cookie", async () => {
    const faculty = await insertFaculty(t.database.db);
    const first = await login(faculty.email, faculty.password);
    const second = await login(faculty.email, faculty.password);
    expect(first.json().sessionId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.json().sessionId).not.toBe(second.json().sessionId);
    expect(first.body).not.toContain("passwordHash");
    expect(first.body).not.toContain("$argon2");
    const cookie = String(first.headers["set-cookie"]);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
  });

  it("stores only the SHA-256 of the session id and an argon2id hash of the password", async () => {
    const faculty = await insertFaculty(t.database.db, { password: "a distinct password" });
    const sessionId = await signIn(t.app, faculty.email, "a distinct password");
    const rows = await selectRows<{ id_hash: string }>(
      t.database.db,
      sql`select id_hash from session where faculty_id = ${faculty.id}`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.id_hash).not.toContain(sessionId);
    expect(faculty.passwordHash?.startsWith("$argon2id$")).toBe(true);
  });
});

describe("session", () => {
  it("answers /me with the faculty and stats, and 401 without a session", async () => {
    const faculty = await insertFaculty(t.database.db);
    const sessionId = await signIn(t.app, faculty.email);
    const me = await t.app.inject({ method: "GET", url: "/api/auth/me", headers: bearer(sessionId) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      faculty: expect.objectContaining({ id: faculty.id, email: faculty.email }),
      stats: { activeProjects: 0, studentsEngaged: 0, completionRate: 0, avgRating: 0 },
    });
    const anonymous = await t.app.inject({ method: "GET", url: "/api/auth/me" });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe(AUTH_MESSAGES.unauthenticated);
    const forged = await t.app.inject({
      method: "GET",
      url: "/api/auth/me",
      headers: bearer("forged-session-id"),
    });
    expect(forged.statusCode).toBe(401);
  });

  it("revokes the session at sign-out, at once", async () => {
    const faculty = await insertFaculty(t.database.db);
    const sessionId = await signIn(t.app, faculty.email);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/auth/me", headers: bearer(sessionId) })).statusCode,
    ).toBe(200);
    // the spec's client sends a JSON content type with no body
    const out = await t.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { ...bearer(sessionId), "content-type": "application/json" },
    });
    expect(out.statusCode).toBe(204);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/auth/me", headers: bearer(sessionId) })).statusCode,
    ).toBe(401);
  });

  it("lets the cookie authorise reads but never a write", async () => {
    const faculty = await insertFaculty(t.database.db);
    const sessionId = await signIn(t.app, faculty.email);
    const cookies = { pl_session: sessionId };
    const read = await t.app.inject({ method: "GET", url: "/api/auth/me", cookies });
    expect(read.statusCode).toBe(200);
    const write = await t.app.inject({
      method: "POST",
      url: "/api/analytics",
      cookies,
      payload: { eventType: "template_used", eventData: {} },
    });
    expect(write.statusCode).toBe(401);
    const logout = await t.app.inject({ method: "POST", url: "/api/auth/logout", cookies });
    expect(logout.statusCode).toBe(401);
  });
});

describe("session timeouts", () => {
  it("ends a session after the idle timeout, and slides while it is used", async () => {
    const local = await createTestApp({
      database: t.database,
      config: { session: { idleMs: 60 * 60_000, maxAgeMs: 24 * 60 * 60_000 } },
    });
    try {
      const faculty = await insertFaculty(local.database.db);
      const sessionId = await signIn(local.app, faculty.email);
      const me = () => local.app.inject({ method: "GET", url: "/api/auth/me", headers: bearer(sessionId) });
      for (let step = 0; step < 4; step += 1) {
        local.clock.advance(45 * 60_000); // 3 hours in all, never idle for an hour
        expect((await me()).statusCode).toBe(200);
      }
      local.clock.advance(61 * 60_000);
      expect((await me()).statusCode).toBe(401);
    } finally {
      await local.close();
    }
  });

  it("ends a session at the absolute timeout however active", async () => {
    const local = await createTestApp({
      database: t.database,
      config: { session: { idleMs: 60 * 60_000, maxAgeMs: 2 * 60 * 60_000 } },
    });
    try {
      const faculty = await insertFaculty(local.database.db);
      const sessionId = await signIn(local.app, faculty.email);
      const me = () => local.app.inject({ method: "GET", url: "/api/auth/me", headers: bearer(sessionId) });
      local.clock.advance(50 * 60_000);
      expect((await me()).statusCode).toBe(200);
      local.clock.advance(50 * 60_000);
      expect((await me()).statusCode).toBe(200);
      local.clock.advance(30 * 60_000);
      expect((await me()).statusCode).toBe(401);
    } finally {
      await local.close();
    }
  });

  it("survives a restart: a session is found again by a new app on the same database", async () => {
    const faculty = await insertFaculty(t.database.db);
    const sessionId = await signIn(t.app, faculty.email);
    const second = await createTestApp({ database: t.database });
    try {
      const me = await second.app.inject({ method: "GET", url: "/api/auth/me", headers: bearer(sessionId) });
      expect(me.statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });
});

describe.skipIf(process.env.TEST_DB !== "postgres")("several instances on one PostgreSQL", () => {
  it("revokes a session cached by another instance within moments (LISTEN/NOTIFY)", async () => {
    const other = await t.database.openAnother?.();
    if (!other) throw new Error("openAnother is available on PostgreSQL");
    const second = await createTestApp({ database: other });
    try {
      const faculty = await insertFaculty(t.database.db);
      const sessionId = await signIn(t.app, faculty.email);
      const meOnSecond = () =>
        second.app.inject({ method: "GET", url: "/api/auth/me", headers: bearer(sessionId) });
      expect((await meOnSecond()).statusCode).toBe(200); // now cached by the second instance
      await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: bearer(sessionId) });
      let status = 200;
      for (let attempt = 0; attempt < 50 && status === 200; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        status = (await meOnSecond()).statusCode;
      }
      expect(status).toBe(401);
    } finally {
      await second.close();
      await other.close();
    }
  });

  it("shares the sign-in limit per address between instances: the attempt past it is refused", async () => {
    const other = await t.database.openAnother?.();
    if (!other) throw new Error("openAnother is available on PostgreSQL");
    const config = { rateLimit: { perAddressPerMinute: 20 } };
    const first = await createTestApp({ database: t.database, config });
    const second = await createTestApp({ database: other, config });
    try {
      const statuses: number[] = [];
      let last: Awaited<ReturnType<typeof first.app.inject>> | undefined;
      // Unknown accounts, alternating between the two instances, from one address.
      for (let attempt = 0; attempt < 21; attempt += 1) {
        last = await (attempt % 2 === 0 ? first : second).app.inject({
          method: "POST",
          url: "/api/auth/login",
          remoteAddress: "10.20.30.40",
          payload: { email: `nobody${attempt}@university.test`, password: "wrong" },
        });
        statuses.push(last.statusCode);
      }
      expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
      expect(statuses[20]).toBe(429);
      expect(last?.json().message).toBe(AUTH_MESSAGES.rateLimited);
      expect(Number(last?.headers["retry-after"])).toBeGreaterThan(0);
      // Another address still gets an answer from either instance.
      const elsewhere = await second.app.inject({
        method: "POST",
        url: "/api/auth/login",
        remoteAddress: "10.20.30.41",
        payload: { email: "nobody@university.test", password: "wrong" },
      });
      expect(elsewhere.statusCode).toBe(401);
    } finally {
      await first.close();
      await second.close();
      await other.close();
    }
  });
});

describe.skipIf(process.env.TEST_DB === "postgres")("one process on PGlite", () => {
  it("counts the limits in the process's memory: the database holds no count", async () => {
    const local = await createTestApp({
      database: t.database,
      config: { rateLimit: { perAddressPerMinute: 2 } },
    });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const reply = await local.app.inject({
          method: "POST",
          url: "/api/auth/login",
          remoteAddress: "10.20.30.50",
          payload: { email: "nobody@university.test", password: "wrong" },
        });
        statuses.push(reply.statusCode);
      }
      expect(statuses).toEqual([401, 401, 429]);
      const [row] = await selectRows<{ count: number }>(
        local.database.db,
        sql`select count(*)::int as count from rate_limit`,
      );
      expect(row?.count).toBe(0);
    } finally {
      await local.close();
    }
  });
});

describe("rate limits", () => {
  it("limits sign-in and registration per address with a 429 message", async () => {
    const local = await createTestApp({
      database: t.database,
      config: {
        rateLimit: { perAddressPerMinute: 5, failedSignInsPerAccount: 100 },
      },
    });
    // An address of its own: on PostgreSQL the count is shared with the file's other apps.
    const remoteAddress = "10.0.0.5";
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1)
        statuses.push(
          (
            await local.app.inject({
              method: "POST",
              url: "/api/auth/login",
              remoteAddress,
              payload: { email: "x@y.edu", password: "p" },
            })
          ).statusCode,
        );
      statuses.push(
        (
          await local.app.inject({
            method: "POST",
            url: "/api/auth/register",
            remoteAddress,
            payload: buildFaculty(),
          })
        ).statusCode,
      );
      const limited = await local.app.inject({
        method: "POST",
        url: "/api/auth/login",
        remoteAddress,
        payload: { email: "x@y.edu", password: "p" },
      });
      expect(statuses).not.toContain(429);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toBe(AUTH_MESSAGES.rateLimited);
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
      // another address is not affected; the window passes
      const elsewhere = await local.app.inject({
        method: "POST",
        url: "/api/auth/login",
        remoteAddress: "10.0.0.9",
        payload: { email: "x@y.edu", password: "p" },
      });
      expect(elsewhere.statusCode).toBe(401);
      passTime(local.clock, 61_000);
      const later = await local.app.inject({
        method: "POST",
        url: "/api/auth/login",
        remoteAddress,
        payload: { email: "x@y.edu", password: "p" },
      });
      expect(later.statusCode).toBe(401);
    } finally {
      await local.close();
    }
  });

  it("defect 5: wrong passwords from one address lock out only that address, not the account's owner", async () => {
    const local = await createTestApp({
      database: t.database,
      config: {
        rateLimit: { failedSignInsPerAccount: 3, accountWindowMs: 15 * 60_000 },
      },
    });
    const signInFrom = (remoteAddress: string, email: string, password: string) =>
      local.app.inject({
        method: "POST",
        url: "/api/auth/login",
        remoteAddress,
        payload: { email, password },
      });
    try {
      const faculty = await insertFaculty(local.database.db);
      for (let i = 0; i < 3; i += 1) {
        expect((await signInFrom("10.0.0.1", faculty.email, "wrong")).statusCode).toBe(401);
      }
      // The attacker's address is slowed, even with the right password...
      const attacker = await signInFrom("10.0.0.1", faculty.email, faculty.password);
      expect(attacker.statusCode).toBe(429);
      expect(attacker.json().message).toBe(AUTH_MESSAGES.rateLimited);
      // ...while the owner, from their own address, signs in as usual.
      expect((await signInFrom("10.0.0.99", faculty.email, faculty.password)).statusCode).toBe(200);
      // An unknown e-mail and a wrong password still answer alike.
      const unknown = await signInFrom("10.0.0.2", "nobody@university.test", "wrong");
      const wrong = await signInFrom("10.0.0.2", faculty.email, "wrong");
      expect([unknown.statusCode, wrong.statusCode]).toEqual([401, 401]);
      expect(unknown.json().message).toBe(wrong.json().message);
      passTime(local.clock, 15 * 60_000 + 1000);
      expect((await signInFrom("10.0.0.1", faculty.email, faculty.password)).statusCode).toBe(200);
    } finally {
      await local.close();
    }
  });

  it("limits failed sign-ins per address across accounts", async () => {
    const local = await createTestApp({
      database: t.database,
      config: {
        rateLimit: { failedSignInsPerAddress: 4 },
      },
    });
    try {
      const victim = await insertFaculty(local.database.db);
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const reply = await local.app.inject({
          method: "POST",
          url: "/api/auth/login",
          remoteAddress: "10.0.0.7",
          payload: { email: `guess${i}@university.test`, password: "wrong" },
        });
        statuses.push(reply.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 429]);
      const owner = await local.app.inject({
        method: "POST",
        url: "/api/auth/login",
        remoteAddress: "10.0.0.8",
        payload: { email: victim.email, password: victim.password },
      });
      expect(owner.statusCode).toBe(200);
    } finally {
      await local.close();
    }
  });
});
