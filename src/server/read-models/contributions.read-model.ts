import { and, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { OwnContributionsQuery, ProjectContributionsQuery } from "#shared/schemas/contributions.ts";
import type { Database } from "../db/client.ts";
import { containing } from "../lib/paging.ts";
import type { Viewer } from "../lib/policy.ts";
import { contributionPolicy } from "../modules/contributions/contributions.policy.ts";
import { contributionTable as contribution } from "../modules/contributions/contributions.table.ts";
import { projectTable } from "../modules/projects/projects.table.ts";

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

/** The contribution lists, each row with its project's title. */
export function createContributionsReadModel(db: Database) {
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

  return {
    /** A page of the project's contributions the viewer may read (the service checks the project first). */
    async pageForProject(projectId: number, viewer: Viewer, query: ProjectContributionsQuery) {
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
  };
}
