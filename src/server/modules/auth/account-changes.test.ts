import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SETTINGS_MESSAGES } from "#shared/schemas/settings.ts";
import { bearer, DEFAULT_PASSWORD, signedInFaculty, signIn } from "../../test/factories.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const inject = (options: InjectOptions) => t.app.inject(options);
const me = (headers: Record<string, string>) => inject({ method: "GET", url: "/api/auth/me", headers });
const login = (email: string, password: string) =>
  inject({ method: "POST", url: "/api/auth/login", payload: { email, password } });

describe("PUT /api/auth/password", () => {
  it("needs the current password and a new one of at least 8 characters", async () => {
    const who = await signedInFaculty(t.app, t.database.db);
    const change = (payload: Record<string, unknown>) =>
      inject({ method: "PUT", url: "/api/auth/password", headers: who.headers, payload });
    const wrong = await change({ currentPassword: "not my password", newPassword: "a brand new password" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(SETTINGS_MESSAGES.currentPasswordWrong);
    const short = await change({ currentPassword: DEFAULT_PASSWORD, newPassword: "short" });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain(SETTINGS_MESSAGES.newPasswordShort);
    const missing = await change({ newPassword: "a brand new password" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain(SETTINGS_MESSAGES.currentPasswordRequired);
    expect((await login(who.faculty.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
  });

  it("changes the password and ends every other session of the account", async () => {
    const who = await signedInFaculty(t.app, t.database.db);
    const otherDevice = bearer(await signIn(t.app, who.faculty.email));
    const stranger = await signedInFaculty(t.app, t.database.db);
    expect((await me(otherDevice)).statusCode).toBe(200);

    const changed = await inject({
      method: "PUT",
      url: "/api/auth/password",
      headers: who.headers,
      payload: { currentPassword: DEFAULT_PASSWORD, newPassword: "a brand new password" },
    });
    expect(changed.statusCode).toBe(204);
    expect((await me(otherDevice)).statusCode).toBe(401);
    expect((await me(who.headers)).statusCode).toBe(200);
    expect((await me(stranger.headers)).statusCode).toBe(200);
    expect((await login(who.faculty.email, DEFAULT_PASSWORD)).statusCode).toBe(401);
    expect((await login(who.faculty.email, "a brand new password")).statusCode).toBe(200);
  });

  it("counts wrong passwords against the account's sign-in limit", async () => {
    const who = await signedInFaculty(t.app, t.database.db);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const response = await inject({
        method: "PUT",
        url: "/api/auth/password",
        headers: who.headers,
        payload: { currentPassword: `guess number ${attempt}`, newPassword: "a brand new password" },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe("PUT /api/auth/email", () => {
  it("needs the password and a free, valid address", async () => {
    const who = await signedInFaculty(t.app, t.database.db);
    const taken = await signedInFaculty(t.app, t.database.db);
    const change = (payload: Record<string, unknown>) =>
      inject({ method: "PUT", url: "/api/auth/email", headers: who.headers, payload });

    const cases: [Record<string, unknown>, number, string][] = [
      [{ password: "wrong password", newEmail: "new@uni.example" }, 400, SETTINGS_MESSAGES.passwordWrong],
      [{ newEmail: "new@uni.example" }, 400, SETTINGS_MESSAGES.passwordRequired],
      [{ password: DEFAULT_PASSWORD, newEmail: "not-an-address" }, 400, "Please enter a valid email address"],
      [
        { password: DEFAULT_PASSWORD, newEmail: taken.faculty.email.toUpperCase() },
        409,
        "An account with this email already exists.",
      ],
      [{ password: DEFAULT_PASSWORD, newEmail: who.faculty.email }, 400, SETTINGS_MESSAGES.sameEmail],
    ];
    for (const [payload, status, message] of cases) {
      const response = await change(payload);
      expect(response.statusCode, message).toBe(status);
      expect(response.json().message).toContain(message);
    }
  });

  it("changes the address at once: the session sees it and sign-in uses it", async () => {
    const who = await signedInFaculty(t.app, t.database.db);
    const newEmail = `moved-${who.faculty.id}@uni.example`;
    const changed = await inject({
      method: "PUT",
      url: "/api/auth/email",
      headers: who.headers,
      payload: { password: DEFAULT_PASSWORD, newEmail: ` ${newEmail.toUpperCase()} ` },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().faculty).toMatchObject({ id: who.faculty.id, email: newEmail });
    expect((await me(who.headers)).json().faculty.email).toBe(newEmail);
    expect((await login(who.faculty.email, DEFAULT_PASSWORD)).statusCode).toBe(401);
    expect((await login(newEmail, DEFAULT_PASSWORD)).statusCode).toBe(200);
  });
});
