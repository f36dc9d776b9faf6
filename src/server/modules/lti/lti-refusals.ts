/**
 * Why an LTI launch (or a step after it) ended without signing anyone in: the plain page says the
 * text, the log keeps the reason and the detail. Nothing is half-done when one is thrown.
 */
export const LTI_REFUSALS = {
  unknownPlatform: "This LMS is not registered with Pivot & Launch. Ask your administrator to register it.",
  unknownDeployment:
    "This deployment of Pivot & Launch in your LMS is not registered. Ask your administrator to add its deployment ID.",
  state: "This launch could not be matched to one started here. Please launch again from your course.",
  expired: "This launch took too long or was already used. Please launch again from your course.",
  invalidToken:
    "Your LMS's launch could not be verified, so you were not signed in. Please launch again from your course.",
  keyset: "Your LMS's keys could not be fetched to verify this launch. Please try again in a moment.",
  message: "This kind of launch is not one Pivot & Launch supports.",
  role: "Your role in this course is neither instructor nor learner, so Pivot & Launch cannot open it.",
  deepLinkingRole: "Only a course's instructors can add Pivot & Launch content to it.",
  noEmail:
    "Your LMS did not share your e-mail address, which Pivot & Launch needs to make your account. Ask your administrator to share it.",
  otherInstitution:
    "An account with your e-mail address belongs to another institution, so it was not linked. Please contact your administrator.",
  administrator:
    "Administrator accounts do not sign in through the LMS. Please sign in to Pivot & Launch directly.",
  notApproved: "Your Pivot & Launch account is not approved. Please contact your administrator.",
} as const;

export type LtiRefusalReason = keyof typeof LTI_REFUSALS;

export class LtiRefusal extends Error {
  constructor(
    readonly reason: LtiRefusalReason,
    detail?: string,
  ) {
    super(detail ?? reason);
  }
}
