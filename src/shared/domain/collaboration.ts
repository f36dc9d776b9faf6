import type { Contribution, ContributionStatus } from "../schemas/contributions.ts";

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

/** spec A §2: newest first, and contributions sent with the faculty member's own e-mail first of all. */
export function sortContributions<T extends Pick<Contribution, "createdAt" | "studentEmail">>(
  contributions: T[],
  ownEmail: string | undefined,
): T[] {
  const own = ownEmail?.toLowerCase();
  return [...contributions].sort((a, b) => {
    const aOwn = own !== undefined && a.studentEmail?.toLowerCase() === own ? 1 : 0;
    const bOwn = own !== undefined && b.studentEmail?.toLowerCase() === own ? 1 : 0;
    if (aOwn !== bOwn) return bOwn - aOwn;
    return b.createdAt.localeCompare(a.createdAt);
  });
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
