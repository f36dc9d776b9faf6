import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { analyticsEventTable as event } from "../modules/analytics/analytics.table.ts";
import { objectiveConversionTable as conversion } from "../modules/objective-conversions/objective-conversions.table.ts";
import { projectTable as project } from "../modules/projects/projects.table.ts";
import { templateTable as template } from "../modules/templates/templates.table.ts";

/** What the toolkit guide reads of one person's records. */
export function createToolkitReadModel(db: Database) {
  return {
    async projects(facultyId: number) {
      return db
        .select({
          id: project.id,
          title: project.title,
          discipline: project.discipline,
          status: project.status,
          methodology: project.methodology,
          createdAt: project.createdAt,
          templateName: template.name,
        })
        .from(project)
        .leftJoin(template, eq(template.id, project.templateId))
        .where(eq(project.facultyId, facultyId))
        .orderBy(desc(project.createdAt), desc(project.id));
    },

    async ratedConversions(facultyId: number) {
      return db
        .select({
          id: conversion.id,
          discipline: conversion.discipline,
          originalObjective: conversion.originalObjective,
          convertedFramework: conversion.convertedFramework,
          feedbackRating: conversion.feedbackRating,
          createdAt: conversion.createdAt,
        })
        .from(conversion)
        .where(and(eq(conversion.facultyId, facultyId), isNotNull(conversion.feedbackRating)))
        .orderBy(desc(conversion.feedbackRating), desc(conversion.createdAt));
    },

    /** Templates the person used (the template_used events), with how often and when last. */
    async templatesUsed(facultyId: number) {
      const name = sql<string>`${event.eventData}->>'templateName'`;
      return db
        .select({
          name,
          uses: sql<number>`count(*)`.mapWith(Number),
          lastUsed: sql<string>`max(${event.createdAt})`,
        })
        .from(event)
        .where(and(eq(event.facultyId, facultyId), eq(event.eventType, "template_used")))
        .groupBy(name)
        .orderBy(desc(sql`max(${event.createdAt})`));
    },
  };
}

export type ToolkitReadModel = ReturnType<typeof createToolkitReadModel>;
