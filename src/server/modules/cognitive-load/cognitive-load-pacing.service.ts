import {
  CONTEXT_LABELS,
  EXTRANEOUS_TARGET,
  HIGH_EFFORT,
  HIGH_INTRINSIC,
} from "#shared/domain/cognitive-load.ts";
import {
  actionKindsOf,
  EFFECT_WINDOW_DAYS,
  effectSideOf,
  interventionActionKinds,
  masteryPercent,
  type PacingActionKind,
  type PacingStage,
  pressuresOf,
  REVIEW_SESSION_CONCEPTS,
  REVIEW_SESSION_TITLE,
  reviewSessionDueAt,
  type StagePressure,
} from "#shared/domain/cognitive-load-pacing.ts";
import { periodOf } from "#shared/domain/cognitive-load-periods.ts";
import { emptyTotals } from "#shared/domain/cognitive-load-totals.ts";
import type {
  AppliedPacingAction,
  ApplyPacingAction,
  PacingAction,
  PacingSuggestions,
  PacingSuggestionsQuery,
  ScheduleReviewSession,
} from "#shared/schemas/cognitive-load-pacing.ts";
import type { Caller } from "../../lib/access.ts";
import type { CognitiveLoadReadModel } from "../../read-models/cognitive-load.read-model.ts";
import type { MilestoneLookup } from "../milestones/milestones.service.ts";
import type { PacingOptionsStore } from "../pacing/pacing-options.ts";
import type { ProjectAccess, ProjectRow } from "../projects/projects.service.ts";
import {
  createActionNotOfferedError,
  createAlreadyAppliedError,
  createAppliedActionNotFoundError,
  createSuggestionsOffError,
} from "./cognitive-load.errors.ts";
import { type CognitiveLoadService, checkInProjectOf } from "./cognitive-load.service.ts";
import type { PacingActionRow } from "./cognitive-load.table.ts";
import type { PacingRepository } from "./cognitive-load-pacing.repository.ts";

const DAY_MS = 86_400_000;
const day = (date: Date) => date.toISOString().slice(0, 10);
const fmt = (value: number) => value.toFixed(1);
/** A review session's record names the launch it prepares (one per launch and intervention). */
const reviewLabel = (launchTitle: string) => `${REVIEW_SESSION_TITLE} before ${launchTitle}`;

/** What the stage's check-ins show, in one sentence (without its full stop). */
function pressureText(pressure: StagePressure) {
  const { averages } = pressure;
  const parts = pressure.reasons.map((reason) =>
    reason === "effort"
      ? `mean mental effort ${fmt(averages.mentalEffort)} on the 1-9 scale (high above ${HIGH_EFFORT}, or 8 or 9 in a quarter of check-ins)`
      : reason === "extraneous"
        ? `extraneous load ${fmt(averages.extraneousLoad)} out of 10 (target at most ${fmt(EXTRANEOUS_TARGET)})`
        : `intrinsic load ${fmt(averages.intrinsicLoad)} out of 10 (above ${HIGH_INTRINSIC})`,
  );
  return `${CONTEXT_LABELS[pressure.stage]} check-ins (${pressure.responses}) show ${parts.join(" and ")}`;
}

/**
 * The stage whose check-ins an action is measured on: a concept remedy (worked example, review
 * session) aims at the pivot stage when it is under pressure, a milestone change at the launch stage;
 * else the stage that is.
 */
function stageFor(kind: PacingActionKind, pressures: readonly StagePressure[]): StagePressure | undefined {
  const preferred: PacingStage = kind === "worked-example" || kind === "review-session" ? "pivot" : "launch";
  return pressures.find((pressure) => pressure.stage === preferred) ?? pressures[0];
}

/**
 * Pacing suggestions of one project (spec B §9, docs/decisions/0063-pacing-suggestions.md): the
 * slice's interventions get actions in the product where a stage's check-ins show high load; an
 * applied action is recorded with the stage's means, and its effect read from the check-ins of the
 * 14 days before and after. The owner only; the project's `suggestions` switch turns actions off.
 */
export function createPacingSuggestionsService(deps: {
  pacing: PacingRepository;
  readModel: CognitiveLoadReadModel;
  checkIns: CognitiveLoadService;
  projects: ProjectAccess;
  milestones: MilestoneLookup;
  pacingOptions: Pick<PacingOptionsStore, "get">;
  now: () => Date;
}) {
  const { pacing, readModel, checkIns, projects, milestones, pacingOptions, now } = deps;

  const ownProject = (projectId: number, caller: Caller) => checkInProjectOf(projects, projectId, caller);

  /** The stage's students' check-ins in the window before `at` and after it. */
  async function effectOf(projectId: number, stage: PacingStage, at: Date) {
    const window = EFFECT_WINDOW_DAYS * DAY_MS;
    const [before, after] = await Promise.all([
      pacing.totalsByContext(projectId, "students", new Date(at.getTime() - window), at),
      pacing.totalsByContext(projectId, "students", at, new Date(at.getTime() + window)),
    ]);
    return {
      before: effectSideOf(before.get(stage) ?? emptyTotals()),
      after: effectSideOf(after.get(stage) ?? emptyTotals()),
    };
  }

  async function present(row: PacingActionRow): Promise<AppliedPacingAction> {
    return {
      id: row.id,
      interventionId: row.interventionId,
      kind: row.kind,
      stage: row.stage,
      targetId: row.targetId,
      targetLabel: row.targetLabel,
      appliedAt: row.appliedAt.toISOString(),
      appliedBy: row.appliedBy,
      before: row.before ?? null,
      beforeResponses: row.beforeResponses,
      effect: await effectOf(row.projectId, row.stage, row.appliedAt),
    };
  }

  async function record(
    project: ProjectRow,
    caller: Caller,
    values: {
      interventionId: string;
      kind: PacingActionKind;
      stage: PacingStage;
      targetId: number;
      targetLabel: string;
    },
  ) {
    const at = now();
    const { before } = await effectOf(project.id, values.stage, at);
    const row = await pacing.insert({
      ...values,
      projectId: project.id,
      appliedAt: at,
      appliedBy: caller.id,
      before: before.means,
      beforeResponses: before.responses,
    });
    return present(row);
  }

  async function requireSuggestionsOn(projectId: number) {
    if (!(await pacingOptions.get(projectId)).suggestions) throw createSuggestionsOffError();
  }

  /** The project's lowest-recall concepts, and the milestones the actions aim at. */
  async function targetsOf(project: ProjectRow, at: Date) {
    const [concepts, current, launch] = await Promise.all([
      readModel.conceptRecall(project.id, project.facultyId),
      milestones.current(project.id, at),
      milestones.nextLaunch(project.id, at),
    ]);
    const reviewDue = launch ? reviewSessionDueAt(launch.dueAt, at) : null;
    return { concepts, current, launch, reviewDue };
  }

  const reviewDeliverables = (concepts: ReadonlyArray<{ title: string; mastery: number }>) =>
    concepts
      .slice(0, REVIEW_SESSION_CONCEPTS)
      .map((concept) =>
        `Review ${concept.title} (class mastery ${masteryPercent(concept.mastery)} %)`.slice(0, 300),
      );

  return {
    async suggestions(
      projectId: number,
      query: PacingSuggestionsQuery,
      caller: Caller,
    ): Promise<PacingSuggestions> {
      const project = await ownProject(projectId, caller);
      const at = now();
      const { semesterStart } = await checkIns.semester(caller);
      const { from } = periodOf(query.timeframe, at, new Date(`${semesterStart}T00:00:00Z`));
      const [options, summary, byContext, appliedRows] = await Promise.all([
        pacingOptions.get(project.id),
        checkIns.summary(
          { timeframe: query.timeframe, context: query.context, projectId: project.id, origin: query.origin },
          caller,
        ),
        pacing.totalsByContext(project.id, query.origin, from, null),
        pacing.applied(project.id),
      ]);
      // The slice's context, when one is chosen, is the only stage read (assessment has no pacing remedy).
      const stageTotals = (stage: PacingStage) =>
        query.context === "all" || query.context === stage ? byContext.get(stage) : undefined;
      const pressures = pressuresOf({ pivot: stageTotals("pivot"), launch: stageTotals("launch") });
      const applied = await Promise.all(appliedRows.map(present));
      const appliedIdOf = (interventionId: string, kind: PacingActionKind, targetId: number) =>
        appliedRows.find(
          (row) => row.interventionId === interventionId && row.kind === kind && row.targetId === targetId,
        )?.id ?? null;
      const targets = options.suggestions && pressures.length ? await targetsOf(project, at) : undefined;

      const actionsOf = (interventionId: string, interventionWhy: string): PacingAction[] => {
        if (!targets) return [];
        // The intervention's own why, extended with the concept's recall or the milestone's name.
        const because = interventionWhy.replace(/\.$/, "");
        const { concepts, current, launch, reviewDue } = targets;
        return actionKindsOf(interventionId, pressures).flatMap((kind): PacingAction[] => {
          const pressure = stageFor(kind, pressures);
          if (!pressure) return [];
          const base = { kind, stage: pressure.stage };
          const lowest = concepts[0];
          if (kind === "worked-example") {
            if (!lowest) return [];
            const percent = masteryPercent(lowest.mastery);
            return [
              {
                ...base,
                label: `Add a worked example to ${lowest.title}, whose class mastery is ${percent} %`,
                why: `${because}; ${lowest.title} has the lowest class mastery of the project's ${concepts.length} concepts (${percent} %).`,
                targetId: lowest.id,
                href: `/pivot-assets?tab=examples&card=${lowest.id}`,
                appliedId: appliedIdOf(interventionId, kind, lowest.id),
              },
            ];
          }
          if (kind === "review-session") {
            if (!launch || !reviewDue) return [];
            const named = concepts.slice(0, REVIEW_SESSION_CONCEPTS).map((concept) => concept.title);
            return [
              {
                ...base,
                label: `Schedule a pivot review session before ${launch.title}`,
                why: `${because}; a "${REVIEW_SESSION_TITLE}" due ${day(reviewDue)}, before ${launch.title} (due ${day(launch.dueAt)}), would review ${named.length ? named.join(", ") : "the pivot concepts"}.`,
                targetId: launch.id,
                href: null,
                appliedId:
                  appliedRows.find(
                    (row) =>
                      row.interventionId === interventionId &&
                      row.kind === kind &&
                      row.targetLabel === reviewLabel(launch.title),
                  )?.id ?? null,
              },
            ];
          }
          if (!current) return [];
          if (kind === "split-deliverable" && current.deliverables.length === 0) return [];
          const isSplit = kind === "split-deliverable";
          return [
            {
              ...base,
              label: isSplit
                ? `Split a deliverable of ${current.title}`
                : `Move the due date of ${current.title}`,
              why: isSplit
                ? `${because}; ${current.title}, due ${day(current.dueAt)}, asks for ${current.deliverables.length} deliverable${current.deliverables.length === 1 ? "" : "s"}.`
                : `${because}; ${current.title} is due ${day(current.dueAt)}.`,
              targetId: current.id,
              href: `/projects/${project.id}?milestone=${current.id}${isSplit ? "" : "&field=dueAt"}`,
              appliedId: appliedIdOf(interventionId, kind, current.id),
            },
          ];
        });
      };

      return {
        projectId: project.id,
        suggestionsOn: options.suggestions,
        pressures: pressures.map((pressure) => ({
          stage: pressure.stage,
          responses: pressure.responses,
          reasons: pressure.reasons,
          text: `${pressureText(pressure)}.`,
        })),
        interventions: summary.interventions.map((intervention) => ({
          ...intervention,
          actions: actionsOf(intervention.id, intervention.why),
        })),
        applied,
      };
    },

    /** "Mark as applied" of a link action: its target must be the project's concept or milestone. */
    async apply(projectId: number, input: ApplyPacingAction, caller: Caller) {
      const project = await ownProject(projectId, caller);
      await requireSuggestionsOn(project.id);
      if (!interventionActionKinds(input.interventionId).includes(input.kind))
        throw createActionNotOfferedError();
      let targetLabel: string | undefined;
      if (input.kind === "worked-example") {
        const concepts = await readModel.conceptRecall(project.id, project.facultyId);
        targetLabel = concepts.find((concept) => concept.id === input.targetId)?.title;
      } else {
        const milestone = await milestones.find(input.targetId);
        targetLabel = milestone?.projectId === project.id ? milestone.title : undefined;
      }
      if (targetLabel === undefined) throw createActionNotOfferedError();
      const applied = await pacing.applied(project.id);
      if (
        applied.some(
          (row) =>
            row.interventionId === input.interventionId &&
            row.kind === input.kind &&
            row.targetId === input.targetId,
        )
      )
        throw createAlreadyAppliedError();
      return record(project, caller, { ...input, targetLabel });
    },

    /**
     * The one-click action: a pivot milestone "Pivot review session" due two days before the next
     * launch milestone (or the day before; never in the past), naming the lowest-recall concepts.
     */
    async scheduleReviewSession(projectId: number, input: ScheduleReviewSession, caller: Caller) {
      const project = await ownProject(projectId, caller);
      await requireSuggestionsOn(project.id);
      if (!interventionActionKinds(input.interventionId).includes("review-session"))
        throw createActionNotOfferedError();
      const { concepts, launch, reviewDue } = await targetsOf(project, now());
      if (!launch || !reviewDue) throw createActionNotOfferedError();
      const applied = await pacing.applied(project.id);
      if (
        applied.some(
          (row) =>
            row.interventionId === input.interventionId &&
            row.kind === "review-session" &&
            row.targetLabel === reviewLabel(launch.title),
        )
      )
        throw createAlreadyAppliedError();
      const milestone = await milestones.addPivotMilestone(project.id, {
        title: REVIEW_SESSION_TITLE,
        dueAt: reviewDue,
        description: `Scheduled from Cognitive Load Analytics: a review of the pivot concepts before ${launch.title}.`,
        deliverables: reviewDeliverables(concepts),
      });
      const action = await record(project, caller, {
        interventionId: input.interventionId,
        kind: "review-session",
        stage: input.stage,
        targetId: milestone.id,
        targetLabel: reviewLabel(launch.title),
      });
      return {
        milestone: { ...milestone, dueAt: milestone.dueAt.toISOString() },
        action,
      };
    },

    /** Undoes the record of an applied action (a scheduled milestone stays on the timeline). */
    async undo(projectId: number, actionId: number, caller: Caller) {
      const project = await ownProject(projectId, caller);
      if (!(await pacing.delete(project.id, actionId))) throw createAppliedActionNotFoundError();
    },
  };
}

export type PacingSuggestionsService = ReturnType<typeof createPacingSuggestionsService>;
