// Who counts as a student in Active Students (Student Collaboration) and Students Engaged (the
// dashboard): one rule for both screens.

/**
 * What a student's deletion writes in place of their name on the contributions they sent (which
 * keep neither e-mail nor account): the record stays with the project, the person is gone, and
 * Active Students does not count them.
 */
export const FORMER_STUDENT_NAME = "Former student";

export interface ContributionAuthor {
  studentName: string;
  studentEmail: string | null | undefined;
}

/** An e-mail as compared: case and outer spaces ignored. */
const emailKey = (email: string | null | undefined) => email?.trim().toLowerCase() || undefined;
/** A name as compared: case, outer spaces and repeated inner spaces ignored. */
const nameKey = (name: string) =>
  name.normalize("NFC").trim().replace(/\s+/g, " ").toLowerCase() || undefined;

/**
 * How many distinct students sent these contributions: by e-mail, or by name when no e-mail was
 * given. A contribution without an e-mail whose name also came with an e-mail is that student's
 * (someone who left the optional e-mail out once is still one student).
 */
export function countStudents(contributions: Iterable<ContributionAuthor>): number {
  const emails = new Set<string>();
  const namesWithEmail = new Set<string>();
  const namesOnly = new Set<string>();
  for (const { studentName, studentEmail } of contributions) {
    const email = emailKey(studentEmail);
    const name = nameKey(studentName);
    if (email) {
      emails.add(email);
      if (name) namesWithEmail.add(name);
    } else if (name) {
      namesOnly.add(name);
    }
  }
  let count = emails.size;
  for (const name of namesOnly) if (!namesWithEmail.has(name)) count += 1;
  return count;
}
