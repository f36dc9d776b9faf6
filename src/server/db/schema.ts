// Every table of the product; drizzle-kit reads this file to generate migrations.

export { analyticsDailyTable, analyticsEventTable } from "../modules/analytics/analytics.table.ts";
export { passwordResetTable } from "../modules/auth/password-reset.table.ts";
export { sessionTable } from "../modules/auth/session.table.ts";
export { classAdherenceQuarterTable } from "../modules/class-figures/class-figures.table.ts";
export {
  cognitiveLoadCheckInTable,
  cognitiveLoadDayTable,
  cognitiveLoadSettingTable,
  pacingActionTable,
} from "../modules/cognitive-load/cognitive-load.table.ts";
export { contributionTable } from "../modules/contributions/contributions.table.ts";
export { documentTable } from "../modules/documents/documents.table.ts";
export { enrolmentTable, rosterRemovalTable } from "../modules/enrolment/enrolment.table.ts";
export { facultyTable } from "../modules/faculty/faculty.table.ts";
export {
  facultyIdentityTable,
  identityProviderTable,
  ssoCodeTable,
  ssoFlowTable,
} from "../modules/identity-providers/identity-providers.table.ts";
export { integrationConnectionTable } from "../modules/integrations/integrations.table.ts";
export { knowledgeEntryTable } from "../modules/knowledge-base/knowledge-base.table.ts";
export {
  ltiDeploymentTable,
  ltiIdentityTable,
  ltiLaunchTable,
  ltiLoginStateTable,
  ltiPlatformTable,
  ltiProjectLinkTable,
  ltiRegistrationInvitationTable,
  ltiScoreSendTable,
  ltiToolKeyTable,
} from "../modules/lti/lti.table.ts";
export { projectDesignReviewTable } from "../modules/milestones/design-review.table.ts";
export {
  assessmentTable,
  calendarFeedTable,
  milestoneTable,
  rubricTable,
  submissionFileTable,
  submissionTable,
} from "../modules/milestones/milestones.table.ts";
export {
  notificationDigestTable,
  notificationPreferenceTable,
  notificationTable,
} from "../modules/notifications/notifications.table.ts";
export { objectiveConversionTable } from "../modules/objective-conversions/objective-conversions.table.ts";
export { projectPacingTable } from "../modules/pacing/pacing.table.ts";
export {
  pivotCardTable,
  pivotDisciplineTable,
  pivotSettingTable,
  retrievalItemTable,
  retrievalReviewTable,
  workedExampleTable,
} from "../modules/pivot-assets/pivot-assets.table.ts";
export { projectTable } from "../modules/projects/projects.table.ts";
export { schedulingFitTable } from "../modules/scheduling-fit/scheduling-fit.table.ts";
export { facultySettingTable, systemSettingTable } from "../modules/settings/settings.table.ts";
export {
  practiceCatalogueVersionTable,
  studentCardMasteryTable,
  studentReviewTable,
  studentScheduleTable,
} from "../modules/student-practice/student-practice.table.ts";
export {
  peerEvaluationTable,
  peerRatingTable,
  scoreOverrideTable,
  teamMemberTable,
  teamPlanTable,
  teamSurveyAnswerTable,
  teamSurveyTable,
  teamTable,
} from "../modules/teams/teams.table.ts";
export { templateSeedTable, templateTable } from "../modules/templates/templates.table.ts";
export { removedObjectTable, uploadTable } from "../modules/uploads/uploads.table.ts";
export { mailBounceTable, mailMessageTable } from "../platform/mail/mail.table.ts";
export { passageTable, searchWordTable } from "../platform/passages/passages.table.ts";
export { rateLimitTable } from "../platform/rate-limits/rate-limits.table.ts";
