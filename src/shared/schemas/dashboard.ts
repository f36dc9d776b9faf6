import { z } from "zod";
import { isoDateTime } from "./common.ts";
import { CONTRIBUTION_STATUSES, CONTRIBUTION_TYPES } from "./contributions.ts";

// The dashboard's own answers; its figures (dashboardStatsSchema) live in auth.ts, since
// GET /api/auth/me carries them too.

/** GET /api/dashboard/recent-contributions: the newest contributions, with their project's title. */
export const recentContributionSchema = z.object({
  id: z.number(),
  projectId: z.number(),
  projectTitle: z.string(),
  studentName: z.string(),
  contributionType: z.enum(CONTRIBUTION_TYPES),
  content: z.string(),
  status: z.enum(CONTRIBUTION_STATUSES),
  createdAt: isoDateTime,
});
export type RecentContribution = z.infer<typeof recentContributionSchema>;

/** GET /api/analytics/presentation answers Generate Presentation's PowerPoint file. */
export const PRESENTATION_CONTENT_TYPE =
  "application/vnd.openxmlformats-officedocument.presentationml.presentation";
