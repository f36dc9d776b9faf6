import type { SubmissionRow as SubmissionListRow } from "#shared/schemas/submissions.ts";
import type { TeamMembership } from "../teams/teams.service.ts";
import type { SubmissionRow } from "./milestones.table.ts";
import type { AssessmentRow } from "./submissions.repository.ts";

/** A student of the roster: id and name. */
interface RosterName {
  studentId: number;
  name: string;
}

/** The latest version of each group (a student, a team) and how many versions the group has. */
export function latestBy<Key>(rows: SubmissionRow[], keyOf: (row: SubmissionRow) => Key | undefined) {
  const latest = new Map<Key, { row: SubmissionRow; count: number }>();
  for (const row of rows) {
    const key = keyOf(row);
    if (key === undefined) continue;
    const seen = latest.get(key);
    if (!seen) latest.set(key, { row, count: 1 });
    else latest.set(key, { row: row.version > seen.row.version ? row : seen.row, count: seen.count + 1 });
  }
  return latest;
}

/** A team's members still in the project's roster, by name. */
export function membersOf(team: TeamMembership, students: RosterName[]) {
  const nameOf = new Map(students.map((student) => [student.studentId, student.name]));
  return team.memberIds
    .flatMap((id) => {
      const name = nameOf.get(id);
      return name === undefined ? [] : [{ id, name }];
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The part of a line of the owner's list that says what was handed in and how it was assessed. */
export function workOf(
  handedIn: { row: SubmissionRow; count: number } | undefined,
  assessments: AssessmentRow[],
): Pick<SubmissionListRow, "latest" | "versions" | "assessment"> {
  const assessment = handedIn && assessments.find((row) => row.submissionId === handedIn.row.id);
  return {
    latest: handedIn
      ? {
          id: handedIn.row.id,
          version: handedIn.row.version,
          late: handedIn.row.late,
          submittedAt: handedIn.row.submittedAt.toISOString(),
        }
      : null,
    versions: handedIn?.count ?? 0,
    assessment: assessment ? { status: assessment.status, score: assessment.score } : null,
  };
}

/**
 * The owner's list of a team milestone: one line per team (its latest version, their count, the
 * assessment), then the enrolled students in no team with their own versions, if any (work left
 * by a deleted team stays with its submitters). `matching` keeps only what the search found.
 */
export function teamLines(args: {
  teams: TeamMembership[];
  students: RosterName[];
  rows: SubmissionRow[];
  assessments: AssessmentRow[];
  matching: { students: Set<number>; teams: Set<number> } | undefined;
}): SubmissionListRow[] {
  const { teams, students, rows, assessments, matching } = args;
  const byTeam = latestBy(rows, (row) => row.teamId ?? undefined);
  const byStudent = latestBy(rows, (row) => (row.teamId === null ? row.studentId : undefined));
  const inTeam = new Set(teams.flatMap((team) => team.memberIds));
  const lines: SubmissionListRow[] = [];
  for (const team of teams) {
    if (matching && !matching.teams.has(team.id)) continue;
    lines.push({
      studentId: null,
      teamId: team.id,
      members: membersOf(team, students),
      name: team.name,
      ...workOf(byTeam.get(team.id), assessments),
    });
  }
  for (const student of students) {
    if (inTeam.has(student.studentId)) continue;
    if (matching && !matching.students.has(student.studentId)) continue;
    lines.push({
      studentId: student.studentId,
      teamId: null,
      members: [],
      name: student.name,
      ...workOf(byStudent.get(student.studentId), assessments),
    });
  }
  return lines;
}
