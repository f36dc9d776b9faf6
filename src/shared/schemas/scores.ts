import { z } from "zod";
import { isoDateTime } from "./common.ts";
import { MILESTONE_STAGES } from "./milestones.ts";

/**
 * A project's milestone scores, as Analytics shows them and the scores CSV writes them. A score is
 * the latest version's final assessment as a percent of the rubric's maximum (0 to 100, one
 * decimal); drafts never count.
 */

const percent = z.number().describe("Percent of the rubric's maximum, 0 to 100, to one decimal");
const figure = (what: string) =>
  percent.nullable().describe(`${what} of the final scores, in percent; null when none is final yet`);

/** One milestone's column: who handed in, who was scored, and the spread of the final scores. */
export const milestoneScoresSchema = z.object({
  id: z.number(),
  title: z.string(),
  stage: z.enum(MILESTONE_STAGES),
  dueAt: isoDateTime,
  rubricTitle: z.string().nullable(),
  maximum: z
    .number()
    .nullable()
    .describe("The rubric's maximum points (each criterion's best level, summed); null without a rubric"),
  enrolled: z.number().int().describe("Students on the roster"),
  handedIn: z.number().int().describe("Students on the roster who handed in at least one version"),
  late: z.number().int().describe("Students whose latest version came after the due date"),
  scored: z.number().int().describe("Students whose latest version has a final assessment"),
  released: z.boolean().describe("Whether the milestone's feedback is released to its students"),
  mean: figure("The mean"),
  median: figure("The median"),
  min: figure("The lowest"),
  max: figure("The highest"),
});
export type MilestoneScores = z.infer<typeof milestoneScoresSchema>;

/** GET /api/projects/:id/scores: the milestones in due order, and each student's scores in that order. */
export const projectScoresSchema = z.object({
  project: z.object({ id: z.number(), title: z.string() }),
  milestones: z.array(milestoneScoresSchema),
  students: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      scores: z
        .array(percent.nullable())
        .describe(
          "One per milestone, in the milestones' order: null without a final score; of a team milestone with a peer evaluation, the owner's override or the team's score times the student's factor (at most 100)",
        ),
    }),
  ),
});
export type ProjectScores = z.infer<typeof projectScoresSchema>;
