import type { FastifyInstance } from "fastify";
import type { Role } from "#shared/account.ts";
import type { RegisterInput } from "#shared/schemas/auth.ts";
import type { CreateConversionInput, ObjectiveConversion } from "#shared/schemas/conversions.ts";
import type { DocumentRecord } from "#shared/schemas/documents.ts";
import type { CreateProjectInput, Project } from "#shared/schemas/projects.ts";
import type { CreateTemplateInput, Template } from "#shared/schemas/templates.ts";
import type { Database } from "../db/client.ts";
import { hashPassword } from "../modules/auth/password.ts";
import { createFacultyRepository } from "../modules/faculty/faculty.repository.ts";
import type { FacultyRow } from "../modules/faculty/faculty.table.ts";

let sequence = 0;
export const DEFAULT_PASSWORD = "correct horse battery";

export function buildFaculty(overrides: Partial<RegisterInput> = {}): RegisterInput {
  sequence += 1;
  return {
    name: `Dr. Test Person ${sequence}`,
    email: `person${sequence}.${process.pid}@university.test`,
    password: DEFAULT_PASSWORD,
    title: "Associate Professor",
    department: "Information Systems",
    institution: "Test University",
    role: "instructor",
    ...overrides,
  };
}

let cachedHash: Promise<string> | undefined;

/** Inserts an account directly, approved by default. */
export async function insertFaculty(
  db: Database,
  overrides: Omit<Partial<RegisterInput>, "role"> & { role?: Role; status?: FacultyRow["status"] } = {},
): Promise<FacultyRow & { password: string }> {
  const { password = DEFAULT_PASSWORD, role: _role, ...input } = { ...buildFaculty(), ...overrides };
  cachedHash ??= hashPassword(DEFAULT_PASSWORD);
  const passwordHash = password === DEFAULT_PASSWORD ? await cachedHash : await hashPassword(password);
  const row = await createFacultyRepository(db).insert({
    ...input,
    role: overrides.role ?? "instructor",
    status: overrides.status ?? "approved",
    passwordHash,
  });
  return { ...row, password };
}

export async function signIn(
  app: FastifyInstance,
  email: string,
  password = DEFAULT_PASSWORD,
): Promise<string> {
  const response = await app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return response.json().sessionId;
}

export const bearer = (sessionId: string) => ({ authorization: `Bearer ${sessionId}` });

/** An approved account of the given role, signed in. */
export async function signedInFaculty(
  app: FastifyInstance,
  db: Database,
  overrides: Parameters<typeof insertFaculty>[1] = {},
) {
  const faculty = await insertFaculty(db, overrides);
  const sessionId = await signIn(app, faculty.email, faculty.password);
  return { faculty, sessionId, headers: bearer(sessionId) };
}

let templateSequence = 0;

/** A valid custom template (POST /api/templates body). */
export function buildTemplateInput(overrides: Partial<CreateTemplateInput> = {}): CreateTemplateInput {
  templateSequence += 1;
  return {
    name: `Field Study ${templateSequence}`,
    description:
      "Students master core sampling concepts, then apply them to a field study of their choosing.",
    discipline: "biology",
    category: "research",
    difficultyLevel: "intermediate",
    estimatedDuration: "6 weeks",
    template: {
      phases: [
        "Pivot: sampling design",
        "Launch: field data collection",
        "Analysis and peer review",
        "Poster session",
      ],
      deliverables: ["Sampling plan", "Dataset", "Poster"],
      tools: ["R", "iNaturalist"],
    },
    learningOutcomes: ["Design a sampling plan", "Evaluate sources of bias"],
    implementationTips: ["Quiz the pivot concepts weekly"],
    ...overrides,
  };
}

/** Creates a template through the API as the given session; returns its JSON. */
export async function createTemplateViaApi(
  app: FastifyInstance,
  headers: Record<string, string>,
  overrides: Partial<CreateTemplateInput> = {},
) {
  const response = await app.inject({
    method: "POST",
    url: "/api/templates",
    headers,
    payload: buildTemplateInput(overrides),
  });
  if (response.statusCode !== 201)
    throw new Error(`template creation failed: ${response.statusCode} ${response.body}`);
  return response.json() as Template;
}

/** A valid project (POST /api/projects body), as the wizard's Complete sends it. */
export function buildProjectInput(overrides: Partial<CreateProjectInput> = {}): CreateProjectInput {
  return {
    title: "Community Water Study",
    discipline: "chemistry",
    methodology: {
      discipline: "chemistry",
      pivotConcepts: "Calibration curves; detection limits",
      assessmentBoundaries: "",
      launchApplications: "River sampling with a community group",
      collaborationMethods: "Teams of four",
      coreAssessment: "",
      applicationAssessment: "",
      antiOverloadMeasures: "Three sources per team",
      timeline: "6 weeks",
      classSize: "40",
      resources: "",
      successMetrics: "",
    },
    ...overrides,
  };
}

export async function createProjectViaApi(
  app: FastifyInstance,
  headers: Record<string, string>,
  overrides: Partial<CreateProjectInput> = {},
) {
  const response = await app.inject({
    method: "POST",
    url: "/api/projects",
    headers,
    payload: buildProjectInput(overrides),
  });
  if (response.statusCode !== 201)
    throw new Error(`project creation failed: ${response.statusCode} ${response.body}`);
  return response.json() as Project;
}

/** A saved conversion (POST /api/objective-conversions) with its answer. */
export async function createConversionViaApi(
  app: FastifyInstance,
  headers: Record<string, string>,
  overrides: Partial<CreateConversionInput> = {},
): Promise<ObjectiveConversion> {
  const response = await app.inject({
    method: "POST",
    url: "/api/objective-conversions",
    headers,
    payload: {
      originalObjective: "Students will understand how consensus mechanisms work.",
      convertedFramework: "Decentralised Solutions Lab\n\nPivot: hashing first.",
      discipline: "blockchain",
      ...overrides,
    },
  });
  if (response.statusCode !== 201) throw new Error(`conversion not created: ${response.body}`);
  return response.json();
}

/** A file of the caller through the signed flow (upload address, PUT): its fileUrl. */
export async function uploadViaApi(
  app: FastifyInstance,
  headers: Record<string, string>,
  fileName: string,
  body: Buffer,
): Promise<string> {
  const address = await app.inject({
    method: "POST",
    url: "/api/documents/upload-url",
    headers,
    payload: { fileName },
  });
  const url = new URL(address.json().uploadURL, "http://localhost");
  const sent = await app.inject({
    method: "PUT",
    url: `${url.pathname}${url.search}`,
    headers,
    payload: body,
  });
  if (sent.statusCode !== 200) throw new Error(`upload failed: ${sent.statusCode} ${sent.body}`);
  return sent.json().fileUrl;
}

/** A document of the caller through the real flow: upload address, PUT of a text file, record. */
export async function createDocumentViaApi(
  app: FastifyInstance,
  headers: Record<string, string>,
  fileName = "reading-notes.txt",
  body: Buffer = Buffer.from("Reading notes for the seminar on sampling.\n"),
  fields: { includeInVectorDb?: boolean; description?: string } = {},
) {
  const fileUrl = await uploadViaApi(app, headers, fileName, body);
  const created = await app.inject({
    method: "POST",
    url: "/api/documents",
    headers,
    payload: { fileName, fileUrl, ...fields },
  });
  if (created.statusCode !== 201) throw new Error(`document failed: ${created.statusCode} ${created.body}`);
  return created.json() as DocumentRecord;
}
