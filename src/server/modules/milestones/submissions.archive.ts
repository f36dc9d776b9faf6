import type { Readable } from "node:stream";
import JSZip from "jszip";
import { cleanFileName } from "#shared/domain/uploads.ts";
import type { Caller } from "../../lib/access.ts";
import type { LmsEnrolments } from "../enrolment/enrolment.service.ts";
import type { TeamMemberships } from "../teams/teams.service.ts";
import { objectKeyOf, type UploadsService } from "../uploads/uploads.service.ts";
import type { MilestoneAccess } from "./submissions.access.ts";
import type { SubmissionsRepository } from "./submissions.repository.ts";

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** A name as one folder of the archive: no slashes or dots that would climb out of it. */
const folderName = (name: string) => cleanFileName(name.replace(/[/\\]/g, "-"));

/**
 * Every version of a milestone's work in one zip for its owner: `{student name}/v{n}/` with
 * text.txt, link.txt and the files (two students of the same name get their id after it). A team's
 * versions go in `{team name}/v{n}/`.
 */
export function createSubmissionsArchive(deps: {
  submissions: SubmissionsRepository;
  access: MilestoneAccess;
  uploads: UploadsService;
  roster: LmsEnrolments["roster"];
  teamMembership: TeamMemberships;
}) {
  const { submissions, access, uploads, roster, teamMembership } = deps;
  return async function archive(caller: Caller, milestoneId: number) {
    const milestone = await access.owned(caller, milestoneId);
    const [students, rows, teams] = await Promise.all([
      roster(milestone.projectId),
      submissions.versionsOfMilestone(milestoneId),
      milestone.teamSubmission ? teamMembership.teamsOf(milestone.projectId) : [],
    ]);
    const files = await submissions.filesOf(rows.map((row) => row.id));
    const nameOf = new Map(students.map((student) => [student.studentId, student.name]));
    const teamNameOf = new Map(teams.map((team) => [team.id, team.name]));
    const folders = new Map<string, string>();
    const used = new Set<string>();
    const zip = new JSZip();
    for (const row of rows) {
      const key = row.teamId === null ? `student ${row.studentId}` : `team ${row.teamId}`;
      let folder = folders.get(key);
      if (!folder) {
        const name =
          row.teamId === null
            ? nameOf.get(row.studentId)
            : (teamNameOf.get(row.teamId) ?? `team ${row.teamId}`);
        const base = folderName(name ?? key);
        folder = used.has(base) ? `${base} (${row.teamId === null ? row.studentId : key})` : base;
        used.add(folder);
        folders.set(key, folder);
      }
      const version = `${folder}/v${row.version}`;
      if (row.text) zip.file(`${version}/text.txt`, row.text);
      if (row.link) zip.file(`${version}/link.txt`, `${row.link}\n`);
      const names = new Set<string>(["text.txt", "link.txt"]);
      for (const file of files.filter((candidate) => candidate.submissionId === row.id)) {
        let name = folderName(file.originalName);
        if (names.has(name)) name = `${file.id}-${name}`;
        names.add(name);
        zip.file(`${version}/${name}`, await bytesOf(await uploads.open(objectKeyOf(file.uploadId))));
      }
    }
    const body = await zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE" });
    return { body, fileName: `${folderName(milestone.title)} submissions.zip` };
  };
}
