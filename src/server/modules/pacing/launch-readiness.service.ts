import { curveOf, readinessOf } from "#shared/domain/launch-readiness.ts";
import { FSRS_WEIGHTS } from "#shared/domain/mastery.ts";
import {
  type PacingOptions,
  READINESS_MESSAGES,
  type Readiness,
  type StudentReadiness,
} from "#shared/schemas/pacing.ts";
import type { StudentDueList } from "#shared/schemas/student.ts";
import type { Database } from "../../db/client.ts";
import type { Caller } from "../../lib/access.ts";
import { viewerOf } from "../../lib/policy.ts";
import {
  createLaunchReadinessReadModel,
  type LaunchReadinessReadModel,
} from "../../read-models/launch-readiness.read-model.ts";
import { createStudentProjectNotFoundError } from "../enrolment/enrolment.errors.ts";
import type { StudentEnrolments } from "../enrolment/enrolment.service.ts";
import { createProjectNotFoundError } from "../projects/projects.errors.ts";
import type { ProjectAccess } from "../projects/projects.service.ts";
import type { ProjectMastery } from "../student-practice/student-practice.service.ts";
import type { Launch, PacingOptionsStore } from "./pacing-options.ts";

/** The most items a session to strengthen concepts before the launch holds. */
export const STRENGTHEN_SESSION_MAX = 50;

/** The FSRS parameters a project's students are scheduled with (the defaults until fitted ones are in use). */
export type ParametersOf = (projectId: number) => Promise<readonly number[]>;
const defaultParameters: ParametersOf = async () => FSRS_WEIGHTS;

const presentLaunch = (launch: Launch | null) =>
  launch ? { date: launch.date.toISOString(), milestone: launch.milestone } : null;

/**
 * One student's concepts below the threshold at the launch, and whether the launch milestone
 * waits for them: what the student's screens and the gate on the launch milestone's hand-in read.
 */
function createStudentCheck(deps: {
  readModel: LaunchReadinessReadModel;
  options: PacingOptionsStore;
  parametersOf: ParametersOf;
}) {
  const { readModel, options, parametersOf } = deps;
  return async (projectId: number, studentId: number, at: Date, known?: PacingOptions) => {
    const settings = known ?? (await options.get(projectId));
    const launch = settings.readiness ? await options.launch(projectId, at, settings) : null;
    if (!launch) return { settings, launch, recall: [], concepts: [], curve: null };
    const curve = curveOf(await parametersOf(projectId));
    const [concepts, recall] = await Promise.all([
      readModel.concepts(projectId),
      readModel.recallByConcept(projectId, launch.date, curve, studentId),
    ]);
    const own = new Map(recall.map((row) => [row.pivotCardId, row.recall]));
    const all = concepts.map((concept) => ({ ...concept, recall: own.get(concept.pivotCardId) ?? 0 }));
    const below = all
      .filter((concept) => concept.recall < settings.readinessThreshold)
      .sort((a, b) => a.recall - b.recall);
    return { settings, launch, recall: all, concepts: below, curve };
  };
}

type StudentCheck = Awaited<ReturnType<ReturnType<typeof createStudentCheck>>>;

/** Whether the project's launch milestone holds the student's hand-in: it waits, and they are below on a concept. */
const holdsHandIn = (check: StudentCheck) =>
  Boolean(check.launch?.milestone) && check.settings.launchWaitsForReadiness && check.concepts.length > 0;

/**
 * Launch readiness (docs/decisions/0064-launch-readiness.md): the class's predicted recall of
 * each pivot concept at the project's launch, the verdict and who most needs review (the owner's
 * only), and each student's own concepts to strengthen with a practice session of just those items.
 */
export function createLaunchReadinessService(deps: {
  readModel: LaunchReadinessReadModel;
  options: PacingOptionsStore;
  projects: ProjectAccess;
  enrolments: StudentEnrolments;
  practice: Pick<ProjectMastery, "items">;
  parametersOf?: ParametersOf;
  now: () => Date;
}) {
  const { readModel, options, projects, enrolments, practice, now } = deps;
  const parametersOf = deps.parametersOf ?? defaultParameters;
  const studentCheck = createStudentCheck({ readModel, options, parametersOf });

  /** The student's items of the concepts to strengthen whose recall at the launch is below the threshold, lowest first. */
  async function itemsToStrengthen(projectId: number, studentId: number, check: StudentCheck) {
    if (!check.launch || !check.curve || check.concepts.length === 0) return [];
    return readModel.itemsBelow(
      projectId,
      studentId,
      check.concepts.map((concept) => concept.pivotCardId),
      check.launch.date,
      check.curve,
      check.settings.readinessThreshold,
    );
  }

  async function enrolled(projectId: number, caller: Caller) {
    if (!(await enrolments.enrolledProject(projectId, caller.id))) throw createStudentProjectNotFoundError();
  }

  const none = (
    status: Readiness["status"],
    message: string,
    settings: PacingOptions,
    launch: Launch | null,
    studentCount = 0,
  ): Readiness => ({
    status,
    message,
    launch: presentLaunch(launch),
    threshold: settings.readinessThreshold,
    launchWaitsForReadiness: settings.launchWaitsForReadiness,
    studentCount,
    verdict: null,
    why: null,
    concepts: [],
    students: [],
  });

  return {
    async forOwner(projectId: number, caller: Caller): Promise<Readiness> {
      const project = await projects.findReadable(projectId, viewerOf(caller));
      if (!project) throw createProjectNotFoundError();
      const settings = await options.get(projectId);
      if (!settings.readiness) return none("off", READINESS_MESSAGES.off, settings, null);
      const launch = await options.launch(projectId, now(), settings);
      if (!launch) return none("no-launch", READINESS_MESSAGES.noLaunch, settings, null);
      const [concepts, students] = await Promise.all([
        readModel.concepts(projectId),
        readModel.students(projectId),
      ]);
      if (concepts.length === 0) return none("no-concepts", READINESS_MESSAGES.noConcepts, settings, launch);
      if (students.length === 0)
        return none("no-students", READINESS_MESSAGES.noStudents, settings, launch, 0);
      const curve = curveOf(await parametersOf(projectId));
      const rows = await readModel.recallByConcept(projectId, launch.date, curve);
      const recall = new Map(students.map((student) => [student.studentId, new Map<number, number>()]));
      for (const row of rows) recall.get(row.studentId)?.set(row.pivotCardId, row.recall);
      const readiness = readinessOf(
        concepts,
        students.map((student) => ({ ...student, recall: recall.get(student.studentId) ?? new Map() })),
        settings.readinessThreshold,
      );
      return {
        status: readiness.ready ? "ready" : "review",
        message: null,
        launch: presentLaunch(launch),
        threshold: settings.readinessThreshold,
        launchWaitsForReadiness: settings.launchWaitsForReadiness,
        studentCount: students.length,
        verdict: readiness.verdict,
        why: readiness.why,
        concepts: readiness.concepts,
        students: readiness.students,
      };
    },

    async forStudent(projectId: number, caller: Caller): Promise<StudentReadiness> {
      await enrolled(projectId, caller);
      const check = await studentCheck(projectId, caller.id, now());
      const items = await itemsToStrengthen(projectId, caller.id, check);
      return {
        launch: presentLaunch(check.launch),
        threshold: check.settings.readinessThreshold,
        waits: holdsHandIn(check),
        recall: check.recall,
        concepts: check.concepts,
        itemCount: items.length,
      };
    },

    /** A practice session of just the student's items below the threshold at the launch, lowest recall first. */
    async strengthen(projectId: number, caller: Caller): Promise<StudentDueList> {
      await enrolled(projectId, caller);
      const check = await studentCheck(projectId, caller.id, now());
      const below = await itemsToStrengthen(projectId, caller.id, check);
      const items = await practice.items(
        caller.id,
        below.slice(0, STRENGTHEN_SESSION_MAX).map((item) => item.itemId),
      );
      return { total: below.length, items };
    },
  };
}

export type LaunchReadinessService = ReturnType<typeof createLaunchReadinessService>;

/**
 * The gate on a launch milestone's hand-in (a narrow service, the context's `launchGate`): when
 * its project waits for readiness and the milestone is the project's launch, the titles of the
 * concepts the student is still below the threshold on (an empty list: the hand-in is open).
 */
export function createLaunchGate(
  db: Database,
  options: PacingOptionsStore,
  parametersOf = defaultParameters,
) {
  const studentCheck = createStudentCheck({
    readModel: createLaunchReadinessReadModel(db),
    options,
    parametersOf,
  });
  return {
    async conceptsToStrengthen(
      projectId: number,
      milestoneId: number,
      studentId: number,
      at: Date,
    ): Promise<string[]> {
      // Most hand-ins are of projects that do not wait: one read of the switches answers them.
      const settings = await options.get(projectId);
      if (!settings.readiness || !settings.launchWaitsForReadiness) return [];
      const check = await studentCheck(projectId, studentId, at, settings);
      if (!holdsHandIn(check) || check.launch?.milestone?.id !== milestoneId) return [];
      return check.concepts.map((concept) => concept.title);
    },
  };
}

export type LaunchGate = ReturnType<typeof createLaunchGate>;
