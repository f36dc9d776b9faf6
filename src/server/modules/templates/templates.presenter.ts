import type { Template } from "#shared/schemas/templates.ts";
import type { TemplateRecord } from "../../read-models/templates.read-model.ts";

export function toTemplate(row: TemplateRecord): Template {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    discipline: row.discipline,
    category: row.category as Template["category"],
    difficultyLevel: row.difficultyLevel as Template["difficultyLevel"],
    status: row.status,
    isFeatured: row.isFeatured,
    estimatedDuration: row.estimatedDuration,
    color: row.color,
    icon: row.icon,
    template: {
      phases: row.content.phases,
      deliverables: row.content.deliverables,
      tools: row.content.tools,
    },
    learningOutcomes: row.learningOutcomes,
    implementationTips: row.implementationTips,
    authorId: row.authorId,
    authorName: row.authorName,
    rejectionReason: row.rejectionReason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
