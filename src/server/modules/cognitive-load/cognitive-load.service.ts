import {
  COGNITIVE_CONTEXTS,
  type CognitiveContext,
  loadOf,
  MIN_RESPONSES,
  notEnoughResponses,
} from "#shared/domain/cognitive-load.ts";
import {
  coloursOf,
  indicatorsOf,
  interventionsOf,
  trendsOf,
} from "#shared/domain/cognitive-load-findings.ts";
import {
  bucketOf,
  dayString,
  defaultSemesterStart,
  periodOf,
} from "#shared/domain/cognitive-load-periods.ts";
import { addTotals, averagesOf, emptyTotals, type Totals } from "#shared/domain/cognitive-load-totals.ts";
import {
  CHECK_IN_CSV_COLUMNS,
  CHECK_IN_EARLIEST_DAY,
  type CheckInInput,
  COGNITIVE_LOAD_MESSAGES,
  type CognitiveLoadSummary,
  checkInSchema,
  type ImportCheckInsResult,
  type SliceQuery,
} from "#shared/schemas/cognitive-load.ts";
import type { Caller } from "../../lib/access.ts";
import { CsvReadError, readCsv, writeCsv } from "../../lib/csv.ts";
import { type Viewer, viewerOf } from "../../lib/policy.ts";
import type { ProjectAccess, ProjectRow } from "../projects/projects.service.ts";
import {
  createCheckInProjectNotFoundError,
  createInvalidCheckInLinkError,
  createTooFewToExportError,
} from "./cognitive-load.errors.ts";
import type { CognitiveLoadRepository, Slice } from "./cognitive-load.repository.ts";
import type { CheckInRow } from "./cognitive-load.table.ts";

const REMARKS_SHOWN = 20;

/** The stored columns of one answered check-in. */
const valuesOf = (
  project: ProjectRow,
  input: CheckInInput,
  source: CheckInRow["source"],
  createdAt: Date,
) => ({
  projectId: project.id,
  projectOwnerId: project.facultyId,
  context: input.context,
  mentalEffort: input.mentalEffort,
  intrinsicItems: input.intrinsicItems,
  extraneousItems: input.extraneousItems,
  germaneItems: input.germaneItems,
  intrinsicLoad: loadOf(input.intrinsicItems),
  extraneousLoad: loadOf(input.extraneousItems),
  germaneLoad: loadOf(input.germaneItems),
  technostress: input.technostress,
  interruptions: input.interruptions,
  taskMinutes: input.taskMinutes,
  refocusMinutes: input.refocusMinutes,
  remark: input.remark ?? null,
  source,
  createdAt,
});

/**
 * An imported check-in's date: YYYY-MM-DD (noon UTC) or an ISO 8601 time, a real calendar day from
 * CHECK_IN_EARLIEST_DAY up to `now`; else undefined. PostgreSQL refuses years outside its range
 * (year 0, negative years) only at insert, which lost the whole batch: the dry run must refuse them
 * the same way the import does.
 */
function checkInDateOf(text: string, now: Date): Date | undefined {
  const day = /^(\d{4}-\d{2}-\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2}))?$/.exec(
    text,
  )?.[1];
  if (!day) return undefined;
  const when = new Date(text.length === day.length ? `${day}T12:00:00Z` : text);
  // Date rolls 2026-02-30 over to March: the day must read back as written.
  if (Number.isNaN(when.getTime()) || !new Date(`${day}T00:00:00Z`).toISOString().startsWith(day))
    return undefined;
  if (when < new Date(`${CHECK_IN_EARLIEST_DAY}T00:00:00Z`) || when > now) return undefined;
  return when;
}

/**
 * A project whose check-ins the caller reads and records: their own (another person's, even one an
 * administrator may read, answers 404 as one that does not exist).
 */
export async function checkInProjectOf(
  projects: ProjectAccess,
  projectId: number,
  caller: Caller,
): Promise<ProjectRow> {
  const project = await projects.findReadable(projectId, viewerOf(caller));
  if (!project || project.facultyId !== caller.id) throw createCheckInProjectNotFoundError();
  return project;
}

export function createCognitiveLoadService(deps: {
  checkIns: CognitiveLoadRepository;
  projects: ProjectAccess;
  now: () => Date;
}) {
  const { checkIns, projects, now } = deps;

  const ownProject = (projectId: number, caller: Caller) => checkInProjectOf(projects, projectId, caller);

  async function semesterOf(caller: Caller) {
    const stored = await checkIns.semesterStart(caller.id);
    return { semesterStart: stored ?? defaultSemesterStart(now()), isDefault: stored === undefined };
  }

  /** The slice's bounds; the project, when named, must be the caller's (else 404). */
  async function sliceOf(query: SliceQuery, caller: Caller): Promise<Slice & { semesterStart: string }> {
    if (query.projectId !== undefined) await ownProject(query.projectId, caller);
    const at = now();
    const { semesterStart } = await semesterOf(caller);
    const { from, previousFrom } = periodOf(query.timeframe, at, new Date(`${semesterStart}T00:00:00Z`));
    return {
      since: previousFrom,
      from,
      context: query.context === "all" ? undefined : query.context,
      projectId: query.projectId,
      origin: query.origin,
      semesterStart,
    };
  }

  return {
    /** The count and mental effort sum of the students' check-ins of all the viewer's projects. */
    effort: (viewer: Viewer) => checkIns.effort(viewer),

    /**
     * A check-in through the project's public link. Sent from a browser signed in as the project's
     * owner (`senderId`), it is the instructor's own entry: it must never help a student's answers
     * past the threshold of 3 (docs/decisions/0046-instructor-entered-check-ins-kept-apart.md).
     */
    async addWithLink(token: string, input: CheckInInput, senderId: number | undefined) {
      const project = await projects.findByToken(token);
      if (!project) throw createInvalidCheckInLinkError();
      const source = senderId === project.facultyId ? "instructor" : "link";
      const [row] = await checkIns.insert([valuesOf(project, input, source, now())]);
      return { id: row?.id ?? 0, message: COGNITIVE_LOAD_MESSAGES.received };
    },

    /**
     * A signed-in student's check-in to a project they are enrolled in (the caller checks the
     * enrolment): source "student", with their id so they can read it back, download it and
     * have it anonymised. The instructor's answers never carry it (aggregates and remarks only).
     */
    async addForStudent(project: ProjectRow, input: CheckInInput, studentId: number) {
      const values = { ...valuesOf(project, input, "student", now()), studentId };
      const [row] = await checkIns.insert([values]);
      if (!row) throw new Error("insert returned no row");
      return { ...values, id: row.id };
    },

    async record(projectId: number, input: CheckInInput, caller: Caller) {
      const project = await ownProject(projectId, caller);
      const [row] = await checkIns.insert([valuesOf(project, input, "instructor", now())]);
      return { id: row?.id ?? 0, message: COGNITIVE_LOAD_MESSAGES.received };
    },

    async summary(query: SliceQuery, caller: Caller): Promise<CognitiveLoadSummary> {
      const slice = await sliceOf(query, caller);
      const viewer = viewerOf(caller);
      const bucketKind = bucketOf(query.timeframe);
      const [groups, hasCheckIns] = await Promise.all([
        checkIns.groups(viewer, slice, bucketKind),
        checkIns.any(viewer),
      ]);
      let current = emptyTotals();
      let previous = emptyTotals();
      const byContext = new Map<CognitiveContext, Totals>();
      const byBucket = new Map<string, Map<CognitiveContext | "all", Totals>>();
      for (const group of groups) {
        if (!group.current || group.bucket === null) {
          previous = addTotals(previous, group.totals);
          continue;
        }
        current = addTotals(current, group.totals);
        byContext.set(group.context, addTotals(byContext.get(group.context) ?? emptyTotals(), group.totals));
        const bucket = byBucket.get(group.bucket) ?? new Map();
        bucket.set(group.context, addTotals(bucket.get(group.context) ?? emptyTotals(), group.totals));
        bucket.set("all", addTotals(bucket.get("all") ?? emptyTotals(), group.totals));
        byBucket.set(group.bucket, bucket);
      }
      const averages = averagesOf(current);
      const enough = averages !== undefined;
      const indicators = indicatorsOf(current);
      const pivot = averagesOf(byContext.get("pivot") ?? emptyTotals());
      const remarks = enough ? await checkIns.remarks(viewer, slice, REMARKS_SHOWN) : [];
      return {
        timeframe: query.timeframe,
        context: query.context,
        projectId: query.projectId ?? null,
        origin: query.origin,
        from: slice.from?.toISOString() ?? null,
        to: now().toISOString(),
        semesterStart: slice.semesterStart,
        responses: current.responses,
        hasCheckIns,
        minimumResponses: MIN_RESPONSES,
        notice: enough ? null : notEnoughResponses(current.responses),
        currentAverages: averages ?? null,
        colours: averages ? coloursOf(averages) : null,
        previousResponses: previous.responses,
        trends: averages ? trendsOf(averages, averagesOf(previous)) : null,
        overloadIndicators: indicators,
        contextualBreakdown: Object.fromEntries(
          COGNITIVE_CONTEXTS.map((context) => {
            const totals = byContext.get(context) ?? emptyTotals();
            const figures = averagesOf(totals);
            return [
              context,
              {
                responses: totals.responses,
                mentalEffort: figures?.mentalEffort ?? null,
                intrinsicLoad: figures?.intrinsicLoad ?? null,
                extraneousLoad: figures?.extraneousLoad ?? null,
                germaneLoad: figures?.germaneLoad ?? null,
              },
            ];
          }),
        ) as CognitiveLoadSummary["contextualBreakdown"],
        interventions: interventionsOf(averages, indicators, pivot),
        bucket: bucketKind,
        series: enough
          ? [...byBucket.entries()]
              .sort(([a], [b]) => a.localeCompare(b))
              .flatMap(([bucket, contexts]) =>
                [...contexts.entries()].map(([context, totals]) => ({
                  bucket,
                  context,
                  responses: totals.responses,
                  averages: averagesOf(totals) ?? null,
                })),
              )
          : [],
        remarks: remarks.map((remark) => ({
          text: remark.text ?? "",
          context: remark.context,
          date: remark.createdAt.toISOString().slice(0, 10),
        })),
      };
    },

    /**
     * The slice's check-ins as CSV, by the screen's rule: a check-in is written only when its
     * project and context have at least 3 in the slice (the screen withholds a context below 3, and
     * one project is a slice of its own), dated to the day, in an order that does not follow
     * submission; refused when no project and context reach 3. No names: none are stored.
     */
    async exportCsv(query: SliceQuery, caller: Caller) {
      const slice = await sliceOf(query, caller);
      const rows = await checkIns.rows(viewerOf(caller), slice);
      const groupOf = (row: CheckInRow) => `${row.projectId}:${row.context}`;
      const sizes = new Map<string, number>();
      for (const row of rows) sizes.set(groupOf(row), (sizes.get(groupOf(row)) ?? 0) + 1);
      const shown = rows.filter((row) => (sizes.get(groupOf(row)) ?? 0) >= MIN_RESPONSES);
      if (shown.length === 0) throw createTooFewToExportError(Math.max(0, ...sizes.values()));
      const titles = new Map<number, string>();
      for (const row of shown)
        if (!titles.has(row.projectId))
          titles.set(
            row.projectId,
            (await projects.findReadable(row.projectId, viewerOf(caller)))?.title ?? "",
          );
      const lines = shown.map((row) => [
        dayString(row.createdAt),
        titles.get(row.projectId) ?? "",
        row.context,
        row.mentalEffort,
        ...row.intrinsicItems,
        ...row.extraneousItems,
        ...row.germaneItems,
        row.technostress,
        row.interruptions,
        row.taskMinutes,
        row.refocusMinutes,
        row.remark ?? "",
      ]);
      // Sorted by every cell, so the order within a day tells nothing about who answered first.
      lines.sort((a, b) => {
        for (let i = 0; i < a.length; i++) {
          const x = a[i] ?? "";
          const y = b[i] ?? "";
          const order =
            typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y));
          if (order !== 0) return order;
        }
        return 0;
      });
      return writeCsv(CHECK_IN_CSV_COLUMNS, lines);
    },

    /**
     * Imports check-ins for one owned project from CSV with the export's columns (`project` is
     * ignored; `date` optional, default now). Each bad line is reported and skipped; with
     * `dryRun` nothing is saved.
     */
    async importCsv(
      projectId: number,
      csv: string,
      dryRun: boolean,
      caller: Caller,
    ): Promise<ImportCheckInsResult> {
      const project = await ownProject(projectId, caller);
      const errors: ImportCheckInsResult["errors"] = [];
      const preview: ImportCheckInsResult["preview"] = [];
      let records: Array<{ line: number; cells: string[] }>;
      try {
        records = readCsv(csv);
      } catch (error) {
        if (!(error instanceof CsvReadError)) throw error;
        return { dryRun, imported: 0, errors: [{ line: error.line, message: error.message }], preview };
      }
      const [header, ...body] = records;
      const columns = (header?.cells ?? []).map((cell) => cell.trim().toLowerCase());
      const required = CHECK_IN_CSV_COLUMNS.filter(
        (name) => name !== "date" && name !== "project" && name !== "remark",
      );
      const missing = required.filter((name) => !columns.includes(name));
      if (!header || missing.length > 0)
        return {
          dryRun,
          imported: 0,
          errors: [
            {
              line: 1,
              message: `The header must name the columns ${missing.join(", ") || required.join(", ")}`,
            },
          ],
          preview,
        };
      const at = now();
      const values: Array<ReturnType<typeof valuesOf>> = [];
      for (const { line, cells } of body) {
        const cell = (name: string) => {
          const index = columns.indexOf(name);
          return index < 0 ? "" : (cells[index] ?? "").trim();
        };
        const number = (name: string) => {
          const value = cell(name);
          return value === "" || Number.isNaN(Number(value)) ? value : Number(value);
        };
        const parsed = checkInSchema.safeParse({
          context: cell("context").toLowerCase(),
          mentalEffort: number("mental_effort"),
          intrinsicItems: [1, 2, 3].map((i) => number(`intrinsic_${i}`)),
          extraneousItems: [1, 2, 3].map((i) => number(`extraneous_${i}`)),
          germaneItems: [1, 2, 3, 4].map((i) => number(`germane_${i}`)),
          technostress: number("technostress"),
          interruptions: number("interruptions"),
          taskMinutes: number("task_minutes"),
          refocusMinutes: number("refocus_minutes"),
          remark: cell("remark") || undefined,
        });
        if (!parsed.success) {
          errors.push({ line, message: parsed.error.issues[0]?.message ?? "Invalid line" });
          continue;
        }
        const date = cell("date");
        const createdAt = date ? checkInDateOf(date, at) : at;
        if (!createdAt) {
          errors.push({ line, message: COGNITIVE_LOAD_MESSAGES.importDate });
          continue;
        }
        values.push(valuesOf(project, parsed.data, "import", createdAt));
        preview.push({
          line,
          context: parsed.data.context,
          mentalEffort: parsed.data.mentalEffort,
          date: createdAt.toISOString().slice(0, 10),
        });
      }
      if (!dryRun) await checkIns.insert(values);
      return { dryRun, imported: values.length, errors, preview };
    },

    semester: semesterOf,

    async setSemester(semesterStart: string, caller: Caller) {
      await checkIns.setSemesterStart(caller.id, semesterStart, now());
      return { semesterStart, isDefault: false };
    },
  };
}

export type CognitiveLoadService = ReturnType<typeof createCognitiveLoadService>;
