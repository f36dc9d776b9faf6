import { converterDisciplineLabel } from "#shared/domain/conversions.ts";
import type { GenerateConversionInput } from "#shared/schemas/conversions.ts";
import type { ChatMessage } from "../../platform/ai/ai-provider.ts";

const SYSTEM_PROMPT = [
  "You are an instructional designer for university courses who applies the Pivot-and-Launch method",
  "of project-based learning: students first strengthen a small set of core concepts (the pivot), then",
  "apply them in varied, real contexts (the launch), and the design guards them against information",
  "overload. Convert the instructor's traditional learning objective into a project framework.",
  "",
  "Answer in plain text, without Markdown headings, bold text or tables, in at most 450 words.",
  "Put a short project title on the first line, then these sections in this order, each a heading line",
  "followed by short lines that start with '- ':",
  "Driving question",
  "Pivot: core concepts to strengthen first",
  "Launch: apply them in varied contexts",
  "Deliverables",
  "Assessment",
  "Anti-overload measures",
  "Fit the framework to the discipline and to the course context when one is given.",
].join("\n");

/** The Pivot-and-Launch prompt for one conversion; the context is used when given. */
export function buildConversionPrompt({
  originalObjective,
  discipline,
  context,
}: GenerateConversionInput): ChatMessage[] {
  const lines = [
    `Discipline: ${converterDisciplineLabel(discipline)}`,
    `Traditional learning objective: ${originalObjective}`,
    `Course context: ${context?.trim() ? context.trim() : "none given"}`,
  ];
  return [
    { role: "system", content: SYSTEM_PROMPT },
    { role: "user", content: lines.join("\n") },
  ];
}
