import { z } from "zod";
import { id, idParams, isoDateTime, text } from "./common.ts";

/**
 * Teams: the team survey a project's owner switches on (criteria to group by, weekly time blocks),
 * the students' answers, and the teams formed from them.
 */

/** The week's time blocks a student marks as free: each day's morning, afternoon and evening. */
export const TEAM_SURVEY_DAYS = [
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
  "Sunday",
];
export const TEAM_SURVEY_PERIODS = ["Morning", "Afternoon", "Evening"];
export const TEAM_SURVEY_BLOCKS = TEAM_SURVEY_DAYS.length * TEAM_SURVEY_PERIODS.length;
/** Block `index` as words: "Tuesday afternoon". */
export const blockLabel = (index: number) =>
  `${TEAM_SURVEY_DAYS[Math.floor(index / TEAM_SURVEY_PERIODS.length)]} ${TEAM_SURVEY_PERIODS[index % TEAM_SURVEY_PERIODS.length]?.toLowerCase()}`;

export const TEAM_CRITERION_KINDS = ["choice", "multi", "scale"] as const;
export const TEAM_CRITERION_MODES = ["similar", "diverse"] as const;
export const TEAM_SURVEY_CRITERIA_MAX = 10;
export const TEAM_CRITERION_OPTIONS_MAX = 20;
export const TEAM_CRITERION_WEIGHT_MAX = 5;

export const TEAM_SURVEY_MESSAGES = {
  notFound: "No team survey for this project",
  notOpen: "The team survey is not open",
  options: (title: string) => `"${title}" needs at least 2 options`,
  duplicateOption: (title: string) => `"${title}" lists an option twice`,
  scale: (title: string) => `"${title}": the scale's lowest must be below its highest`,
  duplicateTitle: (title: string) => `Two questions are called "${title}"`,
  unknownCriterion: (id: string) => `answers: no question "${id}" in the survey`,
  notAnOption: (title: string) => `"${title}": choose one of its options`,
  notOnScale: (title: string, min: number, max: number) => `"${title}": answer from ${min} to ${max}`,
  block: `availability: each block must be a number from 0 to ${7 * 3 - 1}`,
} as const;

const label = (name: string, max: number) =>
  text(name).trim().min(1, `${name} is required`).max(max, `${name} must be at most ${max} characters`);

/** One question of the survey and how the teams use it. */
export const teamCriterionInputSchema = z.strictObject({
  /** Kept when given (answers refer to it); a new question gets one on saving. */
  id: text("A question's id")
    .trim()
    .min(1)
    .max(40, "A question's id must be at most 40 characters")
    .optional(),
  title: label("A question", 200),
  kind: z.enum(TEAM_CRITERION_KINDS, { error: 'A question\'s kind must be "choice", "multi" or "scale"' }),
  /** The options of a choice (one) or multi (several) question. */
  options: z
    .array(label("An option", 100), { error: "Options must be a list of texts" })
    .max(TEAM_CRITERION_OPTIONS_MAX, `At most ${TEAM_CRITERION_OPTIONS_MAX} options`)
    .default([]),
  /** A scale question's range, e.g. 1 (none) to 5 (expert). */
  scale: z
    .strictObject({
      min: z.number().int("The scale's lowest must be a whole number").min(0).max(10),
      max: z.number().int("The scale's highest must be a whole number").min(1).max(10),
    })
    .optional(),
  mode: z.enum(TEAM_CRITERION_MODES, { error: 'Each question groups "similar" or "diverse" answers' }),
  weight: z
    .number({ error: "A question's weight must be a number" })
    .min(0, "A question's weight must be 0 or more")
    .max(TEAM_CRITERION_WEIGHT_MAX, `A question's weight must be at most ${TEAM_CRITERION_WEIGHT_MAX}`),
});
export type TeamCriterionInput = z.input<typeof teamCriterionInputSchema>;

/** POST /api/projects/:id/team-survey: switches the survey on (or changes it). */
export const teamSurveyInputSchema = z
  .strictObject({
    criteria: z
      .array(teamCriterionInputSchema, { error: "Criteria must be a list" })
      .max(TEAM_SURVEY_CRITERIA_MAX, `At most ${TEAM_SURVEY_CRITERIA_MAX} questions`),
    /** Ask for the weekly time blocks each student is free. */
    availability: z.boolean({ error: "availability must be true or false" }).default(true),
    /** Shared free blocks a team should have (0: no constraint). */
    minSharedBlocks: z
      .number({ error: "minSharedBlocks must be a number" })
      .int("minSharedBlocks must be a whole number")
      .min(0, "minSharedBlocks must be 0 or more")
      .max(TEAM_SURVEY_BLOCKS, `minSharedBlocks must be at most ${TEAM_SURVEY_BLOCKS}`)
      .default(0),
    /**
     * Ask each student, optionally, whether they belong to a group under-represented in the field,
     * so that no team leaves one such student alone.
     */
    askUnderrepresented: z.boolean({ error: "askUnderrepresented must be true or false" }).default(false),
  })
  .superRefine((survey, context) => {
    const titles = new Set<string>();
    survey.criteria.forEach((criterion, index) => {
      const key = criterion.title.toLowerCase();
      if (titles.has(key)) {
        context.addIssue({
          code: "custom",
          path: ["criteria", index, "title"],
          message: TEAM_SURVEY_MESSAGES.duplicateTitle(criterion.title),
        });
      }
      titles.add(key);
      if (criterion.kind === "scale") {
        const { min, max } = criterion.scale ?? { min: 1, max: 5 };
        if (min >= max) {
          context.addIssue({
            code: "custom",
            path: ["criteria", index, "scale"],
            message: TEAM_SURVEY_MESSAGES.scale(criterion.title),
          });
        }
        return;
      }
      if (criterion.options.length < 2) {
        context.addIssue({
          code: "custom",
          path: ["criteria", index, "options"],
          message: TEAM_SURVEY_MESSAGES.options(criterion.title),
        });
      } else if (
        new Set(criterion.options.map((option) => option.toLowerCase())).size !== criterion.options.length
      ) {
        context.addIssue({
          code: "custom",
          path: ["criteria", index, "options"],
          message: TEAM_SURVEY_MESSAGES.duplicateOption(criterion.title),
        });
      }
    });
  });
export type TeamSurveyInput = z.input<typeof teamSurveyInputSchema>;
export type TeamSurveyWrite = z.output<typeof teamSurveyInputSchema>;

export const teamCriterionSchema = z.object({
  id: z.string(),
  title: z.string(),
  kind: z.enum(TEAM_CRITERION_KINDS),
  options: z.array(z.string()),
  scale: z.object({ min: z.number(), max: z.number() }).nullable(),
  mode: z.enum(TEAM_CRITERION_MODES),
  weight: z.number(),
});
export type TeamCriterion = z.infer<typeof teamCriterionSchema>;

export const teamSurveySchema = z.object({
  projectId: z.number(),
  criteria: z.array(teamCriterionSchema),
  availability: z.boolean(),
  minSharedBlocks: z.number(),
  askUnderrepresented: z.boolean(),
  openedAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type TeamSurvey = z.infer<typeof teamSurveySchema>;

/** One answer: an option (choice), options (multi) or a number (scale). */
export const teamAnswerValueSchema = z.union([
  z.number({ error: "An answer must be an option, a list of options or a number" }),
  text("An answer").max(100, "An answer must be at most 100 characters"),
  z
    .array(text("An option").max(100, "An option must be at most 100 characters"))
    .max(TEAM_CRITERION_OPTIONS_MAX),
]);
export type TeamAnswerValue = z.infer<typeof teamAnswerValueSchema>;

/** PUT /api/student/projects/:id/team-survey: the student's answers (replacing earlier ones). */
export const teamSurveyAnswerInputSchema = z.strictObject({
  answers: z
    .record(z.string().max(40, "answers: a question's id is at most 40 characters"), teamAnswerValueSchema, {
      error: "answers must map each question's id to an answer",
    })
    .refine((answers) => Object.keys(answers).length <= TEAM_SURVEY_CRITERIA_MAX, "answers: too many answers")
    .default({}),
  availability: z
    .array(
      z
        .number({ error: TEAM_SURVEY_MESSAGES.block })
        .int(TEAM_SURVEY_MESSAGES.block)
        .min(0, TEAM_SURVEY_MESSAGES.block)
        .max(TEAM_SURVEY_BLOCKS - 1, TEAM_SURVEY_MESSAGES.block),
      { error: "availability must be a list of time blocks" },
    )
    .max(TEAM_SURVEY_BLOCKS)
    .default([]),
  /** Only when the survey asks; null or absent: not said. */
  underrepresented: z.boolean({ error: "underrepresented must be true, false or null" }).nullish(),
});
export type TeamSurveyAnswerInput = z.input<typeof teamSurveyAnswerInputSchema>;
export type TeamSurveyAnswerWrite = z.output<typeof teamSurveyAnswerInputSchema>;

export const teamSurveyAnswerSchema = z.object({
  answers: z.record(z.string(), teamAnswerValueSchema),
  availability: z.array(z.number()),
  underrepresented: z.boolean().nullable(),
  answeredAt: isoDateTime,
});
export type TeamSurveyAnswer = z.infer<typeof teamSurveyAnswerSchema>;

/** GET /api/projects/:id/team-survey: the owner's survey (or none) and who answered. */
export const ownerTeamSurveySchema = z.object({
  survey: teamSurveySchema.nullable(),
  answered: z.number(),
  enrolled: z.number(),
  /** Enrolled students who have not answered yet, by name. */
  waitingFor: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type OwnerTeamSurvey = z.infer<typeof ownerTeamSurveySchema>;

/** GET /api/student/projects/:id/team-survey: the survey to answer (or none) and the student's answer. */
export const studentTeamSurveySchema = z.object({
  survey: teamSurveySchema.nullable(),
  answer: teamSurveyAnswerSchema.nullable(),
});
export type StudentTeamSurvey = z.infer<typeof studentTeamSurveySchema>;

// Forming, editing and publishing teams.

export const TEAM_METHODS = ["criteria", "random", "manual"] as const;
export type TeamMethod = (typeof TEAM_METHODS)[number];
export const TEAM_SIZE_MIN = 2;
export const TEAM_SIZE_MAX = 12;

export const TEAM_MESSAGES = {
  notFound: "Team not found",
  noTeams: "No teams have been formed for this project",
  noStudents: "No students are enrolled in this project yet",
  published: "The teams are published: unpublish them before forming them again",
  locked: (name: string) => `${name} is locked: unlock it to change its members`,
  notEnrolled: "studentId: this student is not enrolled in the project",
  teamOfAnotherProject: "teamId: no such team in this project",
} as const;

/** POST /api/projects/:id/teams/form */
export const teamFormInputSchema = z.strictObject({
  size: z
    .number({ error: "size must be a number" })
    .int("size must be a whole number")
    .min(TEAM_SIZE_MIN, `size must be at least ${TEAM_SIZE_MIN}`)
    .max(TEAM_SIZE_MAX, `size must be at most ${TEAM_SIZE_MAX}`),
  method: z.enum(TEAM_METHODS, { error: 'method must be "criteria", "random" or "manual"' }),
  /** The same seed, class and answers form the same teams; a new one by default. */
  seed: z
    .number({ error: "seed must be a number" })
    .int("seed must be a whole number")
    .min(0, "seed must be 0 or more")
    .max(2_147_483_647, "seed is too large")
    .optional(),
  /** No team with a single member of an under-represented group (where the survey asked). */
  noLoneUnderrepresented: z.boolean({ error: "noLoneUnderrepresented must be true or false" }).optional(),
});
export type TeamFormInput = z.input<typeof teamFormInputSchema>;
export type TeamFormWrite = z.output<typeof teamFormInputSchema>;

/** PUT /api/teams/:id: rename, lock or unlock. */
export const teamUpdateInputSchema = z.strictObject({
  name: label("Name", 80).optional(),
  locked: z.boolean({ error: "locked must be true or false" }).optional(),
});
export type TeamUpdateInput = z.input<typeof teamUpdateInputSchema>;

/** POST /api/projects/:id/teams/move: a student to a team, or out of every team (teamId null). */
export const teamMoveInputSchema = z.strictObject({
  studentId: id("student id"),
  teamId: id("team id").nullable(),
});
export type TeamMoveInput = z.input<typeof teamMoveInputSchema>;

/** PUT /api/projects/:id/teams/published */
export const teamPublishInputSchema = z.strictObject({
  published: z.boolean({ error: "published must be true or false" }),
});

export const teamIdParamsSchema = idParams("id", "team id");

const person = z.object({ id: z.number(), name: z.string() });

export const loweredSchema = z.object({
  /** The question's id, or the constraint missed: "availability" or "underrepresented". */
  reason: z.string(),
  message: z.string(),
});

export const teamSchema = z.object({
  id: z.number(),
  name: z.string(),
  locked: z.boolean(),
  /** 0..1 on the survey's questions and constraints (1 when nothing applies). */
  score: z.number(),
  lowered: z.array(loweredSchema),
  members: z.array(person),
});
export type Team = z.infer<typeof teamSchema>;

/** GET /api/projects/:id/teams: the owner's teams as they stand, scored now, and who has none. */
export const teamsViewSchema = z.object({
  plan: z
    .object({
      size: z.number(),
      method: z.enum(TEAM_METHODS),
      note: z.string().nullable(),
      formedAt: isoDateTime,
      publishedAt: isoDateTime.nullable(),
    })
    .nullable(),
  /** Over the teams with members; null without teams. */
  score: z.object({ min: z.number(), mean: z.number() }).nullable(),
  teams: z.array(teamSchema),
  /** Enrolled students in no team (joined after forming, or moved out). */
  unassigned: z.array(person),
});
export type TeamsView = z.infer<typeof teamsViewSchema>;

/** GET /api/student/projects/:id/team: the student's team once published, else null. */
export const studentTeamSchema = z.object({
  team: z.object({ name: z.string(), members: z.array(person) }).nullable(),
});
export type StudentTeam = z.infer<typeof studentTeamSchema>;
