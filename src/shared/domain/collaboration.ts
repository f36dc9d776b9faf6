import {
  CONTRIBUTION_STATUSES,
  CONTRIBUTION_TYPES,
  type ContributionStatus,
  type ContributionType,
} from "../schemas/contributions.ts";

/** spec A §4: how each status reads on screen. */
export const CONTRIBUTION_STATUS_LABELS: Record<ContributionStatus, string> = {
  pending: "Pending Review",
  approved: "Approved",
  implemented: "Implemented",
  rejected: "Not Applicable",
};

/** spec A §2: the first letters of up to two words of the name. */
export function initials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join("");
}

/**
 * What the server is asked for when a tab (All, Pending, Suggestions, Reflections) and the Type and
 * Status selects are combined ("all" = no filter); null when they contradict, so nothing can match.
 * The server orders the answer (spec A §2: the instructor's own first, then newest first).
 */
export function collaborationFilters(
  tab: string,
  type: string,
  status: string,
): { type?: ContributionType; status?: ContributionStatus } | null {
  const pick = <T extends string>(values: readonly T[], value: string) =>
    values.find((candidate) => candidate === value);
  const tabStatus = tab === "pending" ? "pending" : undefined;
  const tabType = pick(CONTRIBUTION_TYPES, tab);
  const chosenStatus = pick(CONTRIBUTION_STATUSES, status);
  const chosenType = pick(CONTRIBUTION_TYPES, type);
  if (tabStatus && chosenStatus && chosenStatus !== tabStatus) return null;
  if (tabType && chosenType && chosenType !== tabType) return null;
  const filters: { type?: ContributionType; status?: ContributionStatus } = {};
  const effectiveStatus = tabStatus ?? chosenStatus;
  const effectiveType = tabType ?? chosenType;
  if (effectiveStatus) filters.status = effectiveStatus;
  if (effectiveType) filters.type = effectiveType;
  return filters;
}

export const INVITE_SUBJECT = "Join our Pivot-and-Launch project: share your ideas";

/** The Invite Students e-mail draft: the project's link (or the platform), signed by the instructor. */
export function inviteMailto(link: string, instructorName: string | undefined): string {
  const body = [
    "Hello,",
    "",
    "You are invited to contribute suggestions, reflections, feedback and questions to our course project.",
    `Open this link to contribute (no account needed): ${link}`,
    "",
    "Thank you,",
    instructorName?.trim() || "Your Instructor",
  ].join("\n");
  return `mailto:?subject=${encodeURIComponent(INVITE_SUBJECT)}&body=${encodeURIComponent(body)}`;
}
