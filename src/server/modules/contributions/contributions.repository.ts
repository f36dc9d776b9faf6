import { and, count, desc, eq, ilike, isNull, not, or, type SQL, sql } from "drizzle-orm";
import { FORMER_STUDENT_NAME } from "#shared/domain/students.ts";
import type {
  ContributionStatus,
  OwnContributionsQuery,
  ProjectContributionsQuery,
} from "#shared/schemas/contributions.ts";
import type { Database } from "../../db/client.ts";
import { containing } from "../../lib/paging.ts";
import type { Viewer } from "../../lib/policy.ts";
import { projectPolicy } from "../projects/projects.policy.ts";
import { projectTable } from "../projects/projects.table.ts";
import { contributionPolicy } from "./contributions.policy.ts";
import { type ContributionRow, contributionTable as contribution } from "./contributions.table.ts";

/** A deleted student's contribution: the deletion's name, without e-mail or account. */
const formerStudent = and(
  eq(contribution.studentName, FORMER_STUDENT_NAME),
  isNull(contribution.studentEmail),
  isNull(contribution.submittedBy),
) as SQL;

type Filters = Pick<OwnContributionsQuery, "q" | "status" | "type">;

/** The conditions of a list's filters: words of the content or the student's name, status, type. */
const filtered = ({ q, status, type }: Filters): SQL | undefined =>
  and(
    status ? eq(contribution.status, status) : undefined,
    type ? eq(contribution.contributionType, type) : undefined,
    q
      ? or(ilike(contribution.content, containing(q)), ilike(contribution.studentName, containing(q)))
      : undefined,
  );

const NEWEST_FIRST = [desc(contribution.createdAt), desc(contribution.id)];

export function createContributionsRepository(db: Database) {
  /** The rows `where` selects, newest first, from `offset`, with their project's title. */
  async function rowsOf(where: SQL | undefined, limit: number, offset: number) {
    if (limit === 0) return [];
    const rows = await db
      .select({ contribution, projectTitle: projectTable.title })
      .from(contribution)
      .innerJoin(projectTable, eq(projectTable.id, contribution.projectId))
      .where(where)
      .orderBy(...NEWEST_FIRST)
      .limit(limit)
      .offset(offset);
    return rows.map((row) => ({ ...row.contribution, projectTitle: row.projectTitle }));
  }

  async function countOf(where: SQL | undefined): Promise<number> {
    const [row] = await db.select({ total: count() }).from(contribution).where(where);
    return row?.total ?? 0;
  }

  /** A page of the rows `where` selects, newest first, and how many it selects in all. */
  async function page(where: SQL | undefined, limit: number, offset: number) {
    const [rows, total] = await Promise.all([rowsOf(where, limit, offset), countOf(where)]);
    return { rows, total };
  }

  async function projectReadable(projectId: number, viewer: Viewer): Promise<boolean> {
    const [project] = await db
      .select({ id: projectTable.id })
      .from(projectTable)
      .where(and(eq(projectTable.id, projectId), projectPolicy.readable(viewer)));
    return project !== undefined;
  }

  return {
    async insert(values: typeof contribution.$inferInsert): Promise<ContributionRow> {
      const [row] = await db.insert(contribution).values(values).returning();
      if (!row) throw new Error("insert returned no row");
      return row;
    },

    /** A page of the project's contributions; undefined when the viewer may not read them. */
    async pageForProject(projectId: number, viewer: Viewer, query: ProjectContributionsQuery) {
      if (!(await projectReadable(projectId, viewer))) return undefined;
      const where = and(
        eq(contribution.projectId, projectId),
        contributionPolicy.readable(viewer),
        filtered(query),
      );
      return page(where, query.limit, query.offset);
    },

    /**
     * A page of the contributions to the viewer's projects (or to one of them), with titles: those
     * sent with the viewer's own e-mail first, then newest first (spec A §2). Read as two ranges,
     * the viewer's own and the others, each in index order, so a page costs what it shows rather
     * than a sort of everything one has received.
     */
    async pageOwn(viewer: Viewer, ownEmail: string, query: OwnContributionsQuery) {
      const where = and(
        contributionPolicy.readable(viewer),
        query.projectId === undefined ? undefined : eq(contribution.projectId, query.projectId),
        filtered(query),
      );
      const isOwn = sql`lower(${contribution.studentEmail}) = ${ownEmail.toLowerCase()}`;
      const isOther = sql`(${isOwn}) is not true`;
      const [own, others] = await Promise.all([countOf(and(where, isOwn)), countOf(and(where, isOther))]);
      const { limit, offset } = query;
      const ownRows = offset < own ? await rowsOf(and(where, isOwn), limit, offset) : [];
      const otherRows = await rowsOf(and(where, isOther), limit - ownRows.length, Math.max(0, offset - own));
      return { rows: [...ownRows, ...otherRows], total: own + others };
    },

    /**
     * The figures of Student Collaboration over the viewer's contributions (one project or all);
     * the students as each distinct name and e-mail, counted by the service (shared/domain/students.ts),
     * without the contributions of deleted accounts (kept as "Former student", no e-mail, no account).
     */
    async summary(viewer: Viewer, projectId?: number) {
      const where = and(
        contributionPolicy.readable(viewer),
        projectId === undefined ? undefined : eq(contribution.projectId, projectId),
      );
      const counted = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
      const [[row], students] = await Promise.all([
        db
          .select({
            total: count(),
            pending: counted(eq(contribution.status, "pending")),
            implemented: counted(eq(contribution.status, "implemented")),
          })
          .from(contribution)
          .where(where),
        db
          .selectDistinct({ studentName: contribution.studentName, studentEmail: contribution.studentEmail })
          .from(contribution)
          .where(and(where, not(formerStudent))),
      ]);
      return {
        total: row?.total ?? 0,
        pending: row?.pending ?? 0,
        implemented: row?.implemented ?? 0,
        students,
      };
    },

    /** Sets the status when the viewer may review the contribution (contributions.policy.ts). */
    async setStatus(
      id: number,
      viewer: Viewer,
      status: ContributionStatus,
    ): Promise<ContributionRow | undefined> {
      const [row] = await db
        .update(contribution)
        .set({ status, updatedAt: new Date() })
        .where(and(eq(contribution.id, id), contributionPolicy.writable(viewer)))
        .returning();
      return row;
    },
  };
}

export type ContributionsRepository = ReturnType<typeof createContributionsRepository>;
