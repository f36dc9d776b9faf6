// Shared end-to-end helpers and fixtures. Specs import `test` and `expect` from here:
//
//   import { expect, test, buildUser, registerViaApi, signInViaUi } from "./fixtures.ts";
//
// Every e2e run starts the server on a fresh, empty database (playwright.config.ts), and
// e2e/global-setup.ts registers `superAdminUser` before any spec, so it is the run's first account:
// the approved super_admin. The `superAdmin` fixture signs that account in. Every spec makes the
// other users it needs (`buildUser`, `createApprovedUserViaApi`, ...), so any spec passes alone and
// in any order.
import { randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import {
  type APIRequestContext,
  type APIResponse,
  test as base,
  expect,
  type Locator,
  type Page,
} from "@playwright/test";
import type { Faculty, LoginResponse, RegisterResponse } from "../src/shared/schemas/auth.ts";
import type { KnowledgeEntry } from "../src/shared/schemas/knowledge-base.ts";
import type { Project } from "../src/shared/schemas/projects.ts";

export { expect };

export type RegistrationRole = "instructor" | "student";

export interface TestUser {
  name: string;
  email: string;
  password: string;
  title: string;
  department: string;
  institution: string;
  role: RegistrationRole;
}

export interface SignedInUser {
  user: TestUser;
  sessionId: string;
  faculty: Faculty;
}

const runTag = `${Date.now().toString(36)}${process.pid.toString(36)}`;
let userCounter = 0;

/** A valid registration with a unique e-mail (per run and per call); override any field. */
export function buildUser(overrides: Partial<TestUser> = {}): TestUser {
  userCounter += 1;
  const suffix = `${runTag}-${userCounter}-${randomBytes(2).toString("hex")}`;
  return {
    name: `Test Faculty ${userCounter}`,
    email: `faculty-${suffix}@e2e.example.edu`,
    password: `Pw-${randomBytes(9).toString("base64url")}`,
    title: "Associate Professor",
    department: "Mechanical Engineering",
    institution: "Example State University",
    role: "instructor",
    ...overrides,
  };
}

/** The run's first account (super_admin). Fixed per run: the database is fresh for every run. */
export const superAdminUser: TestUser = {
  name: "Ada Admin",
  email: "super.admin@e2e.example.edu",
  password: "Super-Admin-Passw0rd!",
  title: "Professor",
  department: "Computer Science",
  institution: "Example State University",
  role: "instructor",
};

async function describeResponse(response: APIResponse): Promise<string> {
  let body = "";
  try {
    body = await response.text();
  } catch {
    // no body
  }
  return `${response.status()} ${response.url()}: ${body.slice(0, 500)}`;
}

export function bearer(sessionId: string) {
  return { Authorization: `Bearer ${sessionId}` };
}

/** POST /api/auth/register; throws unless 201. Returns the server's message. */
export async function registerViaApi(request: APIRequestContext, user: TestUser): Promise<RegisterResponse> {
  const response = await request.post("/api/auth/register", { data: user });
  if (response.status() !== 201)
    throw new Error(`registration of ${user.email} failed: ${await describeResponse(response)}`);
  return (await response.json()) as RegisterResponse;
}

/** POST /api/auth/login; throws unless 200. Returns the session id and the faculty record. */
export async function loginViaApiDetailed(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<LoginResponse> {
  const response = await request.post("/api/auth/login", { data: { email, password } });
  if (!response.ok()) throw new Error(`sign-in of ${email} failed: ${await describeResponse(response)}`);
  const body = (await response.json()) as Partial<LoginResponse>;
  if (!body.sessionId || !body.faculty)
    throw new Error(`sign-in of ${email} answered without a session: ${JSON.stringify(body)}`);
  return { sessionId: body.sessionId, faculty: body.faculty };
}

/** POST /api/auth/login; throws unless 200. Returns the session id. */
export async function loginViaApi(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<string> {
  return (await loginViaApiDetailed(request, email, password)).sessionId;
}

/** GET /api/admin/users?status=…&q=…, as an admin (one page: at most 100). */
export async function listUsersViaApi(
  request: APIRequestContext,
  adminSessionId: string,
  status: "pending" | "approved" | "rejected",
  q = "",
): Promise<Faculty[]> {
  const response = await request.get(`/api/admin/users?status=${status}&q=${encodeURIComponent(q)}`, {
    headers: bearer(adminSessionId),
  });
  if (!response.ok()) throw new Error(`listing ${status} users failed: ${await describeResponse(response)}`);
  return (await response.json()) as Faculty[];
}

/** The id of the account with this e-mail (any status), looked up as an admin. */
export async function findUserIdViaApi(
  request: APIRequestContext,
  adminSessionId: string,
  email: string,
): Promise<number> {
  const wanted = email.trim().toLowerCase();
  for (const status of ["pending", "approved", "rejected"] as const) {
    const match = (await listUsersViaApi(request, adminSessionId, status, wanted)).find(
      (u) => u.email.toLowerCase() === wanted,
    );
    if (match) return match.id;
  }
  throw new Error(`no account with e-mail ${email}`);
}

/** POST /api/admin/users/:id/approve; throws unless 2xx. */
export async function approveViaApi(
  request: APIRequestContext,
  adminSessionId: string,
  userId: number,
): Promise<void> {
  const response = await request.post(`/api/admin/users/${userId}/approve`, {
    headers: bearer(adminSessionId),
  });
  if (!response.ok()) throw new Error(`approving user ${userId} failed: ${await describeResponse(response)}`);
}

/** Registers a new user (unique e-mail) and approves it as the admin: ready to sign in. */
export async function createApprovedUserViaApi(
  request: APIRequestContext,
  adminSessionId: string,
  overrides: Partial<TestUser> = {},
): Promise<TestUser & { id: number }> {
  const user = buildUser(overrides);
  await registerViaApi(request, user);
  const id = await findUserIdViaApi(request, adminSessionId, user.email);
  await approveViaApi(request, adminSessionId, id);
  return { ...user, id };
}

/** Signs in through the sign-in screen (labels "Email" and "Password", button "Sign In"). Does not wait for navigation. */
export async function signInViaUi(page: Page, email: string, password: string): Promise<void> {
  if (!/^https?:/.test(page.url())) await page.goto("/");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

/** Signs an approved user in through the sign-in screen and waits for the dashboard. */
export async function signInToDashboard(
  page: Page,
  user: { email: string; password: string },
): Promise<void> {
  await signInViaUi(page, user.email, user.password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Registers an approved user (unique e-mail) and signs them in through the sign-in screen, up to the dashboard. */
export async function signInAsNewUser(
  page: Page,
  request: APIRequestContext,
  adminSessionId: string,
  overrides: Partial<TestUser> = {},
): Promise<TestUser & { id: number }> {
  const user = await createApprovedUserViaApi(request, adminSessionId, overrides);
  await signInToDashboard(page, user);
  return user;
}

/**
 * Registers an approved instructor, signs them in through the sign-in screen at `viewport`, and
 * opens `path` once the dashboard has shown. Answers the instructor.
 */
export async function openAsNewInstructor(
  page: Page,
  request: APIRequestContext,
  superAdminSessionId: string,
  path: string,
  viewport: { width: number; height: number },
) {
  await page.setViewportSize(viewport);
  const instructor = await signInAsNewUser(page, request, superAdminSessionId);
  await page.goto(path);
  return instructor;
}

/** The windows layouts are checked at: a phone's and the default desktop's (playwright.config.ts). */
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };
/** A desktop window tall enough to show a screen's figures without scrolling. */
export const TALL_DESKTOP = { width: 1280, height: 900 };

/** How many pixels the page is wider than the window (above 0: it scrolls sideways). */
export const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Fails when the page scrolls sideways, once its layout has settled at the current window size. */
export async function expectNoSidewaysScroll(page: Page, what = "the page"): Promise<void> {
  const width = page.viewportSize()?.width;
  await expect
    .poll(() => sidewaysOverflow(page), { message: `${what} scrolls sideways at ${width} px` })
    .toBeLessThanOrEqual(0);
}

/** Fails unless the element lies across the window's width, edge to edge at most (it may run below the fold). */
export async function expectWithinWindowWidth(page: Page, element: Locator): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  await expect
    .poll(
      async () => {
        const box = await element.boundingBox();
        return box !== null && box.x >= 0 && Math.round(box.x + box.width) <= width;
      },
      { message: `${element} lies across the ${width} px window` },
    )
    .toBe(true);
}

/**
 * At DESKTOP and then at PHONE: no sideways scrolling and no serious axe violation. Leaves the
 * window at DESKTOP.
 */
export async function expectFitsDesktopAndPhone(page: Page, what: string): Promise<void> {
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await expectNoSidewaysScroll(page, what);
    await expectNoSeriousA11yViolations(page);
  }
  await page.setViewportSize(DESKTOP);
}

/** A check-in's answers as a student gives them with the keyboard (the radio scales, then the typed fields). */
export interface CheckInKeystrokes {
  mentalEffort: number;
  /** The intrinsic, extraneous and germane items, in the form's order (each scale starts at 0). */
  items: number[];
  technostress: number;
  interruptions: string;
  taskMinutes: string;
  refocusMinutes: string;
  remark: string;
}

/** Tabs into the next radio group and chooses `value` (the group's first option is `min`). */
async function chooseInNextRadioGroup(page: Page, value: number, min: number) {
  await page.keyboard.press("Tab");
  await page.keyboard.press("Space");
  for (let i = min; i < value; i++) await page.keyboard.press("ArrowRight");
}

/** From the check-in's context select, answers every question with the keyboard alone, ending on the remark. */
export async function answerCheckInByKeyboard(page: Page, answers: CheckInKeystrokes): Promise<void> {
  await chooseInNextRadioGroup(page, answers.mentalEffort, 1);
  for (const value of answers.items) await chooseInNextRadioGroup(page, value, 0);
  await chooseInNextRadioGroup(page, answers.technostress, 1);
  for (const typed of [answers.interruptions, answers.taskMinutes, answers.refocusMinutes, answers.remark]) {
    await page.keyboard.press("Tab");
    await page.keyboard.type(typed);
  }
}

/** Presses Tab until `target` has the focus (at most `max` times); fails if it never does. */
export async function tabTo(page: Page, target: Locator, max = 40) {
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

/**
 * Runs axe-core (WCAG 2.0/2.1 A and AA rules) on the page once its animations have ended and fails, listing each
 * rule id, impact and the offending nodes, when any violation is serious or critical.
 */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  // Colours read mid-transition (a button fading in) fail the contrast rule at random: wait until
  // the finite animations and transitions have ended (spinners and skeletons loop forever).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity,
      ),
  );
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  // One readable line per violation, so a failure shows exactly these lines and nothing else.
  const lines = serious.map((v) => {
    const nodes = v.nodes
      .slice(0, 10)
      .map((n) => `${n.target.join(" ")} ${n.html.replace(/\s+/g, " ").slice(0, 120)}`)
      .join(" | ");
    const more = v.nodes.length > 10 ? ` | … ${v.nodes.length - 10} more` : "";
    return `${v.id} (${v.impact}): ${v.help}; ${v.nodes.length} node(s): ${nodes}${more}; ${v.helpUrl}`;
  });
  expect(lines, `serious or critical accessibility violations on ${page.url()}`).toEqual([]);
}

export interface E2EWorkerFixtures {
  /** The run's super_admin (registered by the global setup), signed in once per worker. */
  superAdmin: SignedInUser;
}

export const test = base.extend<object, E2EWorkerFixtures>({
  superAdmin: [
    async ({ playwright }, use, workerInfo) => {
      const request = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
      try {
        const { sessionId, faculty } = await loginViaApiDetailed(
          request,
          superAdminUser.email,
          superAdminUser.password,
        );
        if (faculty.role !== "super_admin") {
          throw new Error(
            `${superAdminUser.email} is ${faculty.role}, not super_admin: another account was registered before the global setup`,
          );
        }
        await use({ user: superAdminUser, sessionId, faculty });
      } finally {
        await request.dispose();
      }
    },
    { scope: "worker" },
  ],
});

/** Awaits an API call and fails unless it answered 2xx (its body in the message); answers its JSON body, or null. */
export async function expectOk(response: Promise<APIResponse>) {
  const answer = await response;
  expect(answer.ok(), await answer.text()).toBe(true);
  return answer.json().catch(() => null);
}

/** POST /api/projects as the given instructor; throws unless 201. */
export async function createProjectViaApi(
  request: APIRequestContext,
  sessionId: string,
  data: { title: string; discipline: string; methodology?: Record<string, string> },
): Promise<Project> {
  const response = await request.post("/api/projects", {
    headers: bearer(sessionId),
    data: { methodology: {}, ...data },
  });
  if (response.status() !== 201)
    throw new Error(`creating project ${data.title} failed: ${await describeResponse(response)}`);
  return (await response.json()) as Project;
}

/** POST /api/knowledge-base as `sessionId`; throws unless 201. */
export async function addKnowledgeEntryViaApi(
  request: APIRequestContext,
  sessionId: string,
  data: { title: string; content: string; tags?: string[]; isPrivate?: boolean },
): Promise<KnowledgeEntry> {
  const response = await request.post("/api/knowledge-base", { headers: bearer(sessionId), data });
  if (response.status() !== 201)
    throw new Error(`adding ${data.title} failed: ${await describeResponse(response)}`);
  return (await response.json()) as KnowledgeEntry;
}

/**
 * An approved student who joined the project with this code (POST /api/student/join), signed in
 * through the API: their session id with the account. Throws unless each step succeeds.
 */
export async function joinedStudentViaApi(
  request: APIRequestContext,
  adminSessionId: string,
  joinCode: string,
  overrides: Partial<TestUser> = {},
): Promise<TestUser & { id: number; sessionId: string }> {
  const student = await createApprovedUserViaApi(request, adminSessionId, { ...overrides, role: "student" });
  const sessionId = await loginViaApi(request, student.email, student.password);
  const joined = await request.post("/api/student/join", {
    headers: bearer(sessionId),
    data: { code: joinCode },
  });
  if (!joined.ok()) throw new Error(`joining ${joinCode} failed: ${await describeResponse(joined)}`);
  return { ...student, sessionId };
}

/** A message the run's mail server received (e2e/smtp-capture-server.ts). */
export interface CapturedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  links: string[];
}

/** Every message the run's mail server has received so far. */
export async function readCapturedMail(): Promise<CapturedMail[]> {
  const response = await fetch(`http://127.0.0.1:${process.env.PL_E2E_MAIL_PORT}/messages`);
  if (!response.ok) throw new Error(`the mail capture answered ${response.status}`);
  return (await response.json()) as CapturedMail[];
}

/** Waits for the first message to `to` whose subject is `subject` (the app sends through a job). */
export async function waitForMail(to: string, subject: string, timeout = 30_000): Promise<CapturedMail> {
  let found: CapturedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await readCapturedMail()).find(
          (message) => message.to.includes(to.toLowerCase()) && message.subject === subject,
        );
        return found !== undefined;
      },
      { timeout, message: `a message "${subject}" to ${to}` },
    )
    .toBe(true);
  return found as CapturedMail;
}
