import { type CheckIn, loadOf } from "#shared/domain/cognitive-load.ts";
import type { cognitiveLoadCheckInTable } from "../modules/cognitive-load/cognitive-load.table.ts";

/**
 * `count` rows of the same check-in of a project, as the public link stores them at `createdAt`
 * (its loads worked out as the service does): for tests that seed check-ins straight into the table.
 */
export const checkInRows = (
  project: { id: number; facultyId: number },
  count: number,
  answer: CheckIn,
  createdAt: Date,
): Array<typeof cognitiveLoadCheckInTable.$inferInsert> =>
  Array.from({ length: count }, () => ({
    projectId: project.id,
    projectOwnerId: project.facultyId,
    context: answer.context,
    mentalEffort: answer.mentalEffort,
    intrinsicItems: [...answer.intrinsicItems],
    extraneousItems: [...answer.extraneousItems],
    germaneItems: [...answer.germaneItems],
    intrinsicLoad: loadOf(answer.intrinsicItems),
    extraneousLoad: loadOf(answer.extraneousItems),
    germaneLoad: loadOf(answer.germaneItems),
    technostress: answer.technostress,
    interruptions: answer.interruptions,
    taskMinutes: answer.taskMinutes,
    refocusMinutes: answer.refocusMinutes,
    source: "link" as const,
    createdAt,
  }));
