import type { ChatMessage } from "../../platform/ai/ai-provider.ts";
import type { PivotCardRow } from "./pivot-assets.table.ts";

export type Suggestion =
  | { type: "flashcard"; question: string; answer: string }
  | { type: "concept-check"; question: string; options: string[]; correctIndex: number };

const MAX_SUGGESTIONS = 8;

/** The prompt: the card's definition, examples and misconceptions; the answer is a JSON array. */
export function buildSuggestionPrompt(
  card: Pick<PivotCardRow, "title" | "definition" | "minimalExample" | "counterExample" | "misconceptions">,
  examples: Array<{ title: string; steps: string[] }>,
): ChatMessage[] {
  const lines = [
    `Concept: ${card.title}`,
    `Definition: ${card.definition}`,
    `Minimal example: ${card.minimalExample}`,
    `Counter example: ${card.counterExample}`,
    `Misconceptions: ${card.misconceptions.join("; ") || "none listed"}`,
    ...examples
      .slice(0, 3)
      .map((example) => `Worked example "${example.title}": ${example.steps.join(" / ")}`),
  ];
  return [
    {
      role: "system",
      content:
        "You write retrieval practice items for university students. Answer with a JSON array only, " +
        'at most 6 items, each either {"type":"flashcard","question":"...","answer":"..."} or ' +
        '{"type":"concept-check","question":"...","options":["...","..."],"correctIndex":0} with 2 to 6 options.',
    },
    { role: "user", content: lines.join("\n") },
  ];
}

const clip = (value: unknown, max: number) => (typeof value === "string" ? value.trim().slice(0, max) : "");

/** The items of the model's answer (the first JSON array in it); malformed entries are dropped. */
export function parseSuggestions(text: string): Suggestion[] {
  const start = text.indexOf("[");
  const end = text.lastIndexOf("]");
  if (start < 0 || end <= start) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.slice(start, end + 1));
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const items: Suggestion[] = [];
  for (const entry of parsed) {
    if (!entry || typeof entry !== "object") continue;
    const raw = entry as Record<string, unknown>;
    const question = clip(raw.question, 2000);
    if (!question) continue;
    if (raw.type === "flashcard") {
      const answer = clip(raw.answer, 5000);
      if (answer) items.push({ type: "flashcard", question, answer });
    } else if (raw.type === "concept-check" && Array.isArray(raw.options)) {
      const options = raw.options.map((option) => clip(option, 500)).filter((option) => option.length > 0);
      const correctIndex = Number(raw.correctIndex);
      if (
        options.length >= 2 &&
        options.length <= 6 &&
        Number.isInteger(correctIndex) &&
        correctIndex >= 0 &&
        correctIndex < options.length
      )
        items.push({ type: "concept-check", question, options, correctIndex });
    }
  }
  return items.slice(0, MAX_SUGGESTIONS);
}

/**
 * Without a model: a definition flashcard, and one true/false concept check per misconception
 * (the misconception stated as a claim; the correct answer is False).
 */
export function fallbackSuggestions(
  card: Pick<PivotCardRow, "title" | "definition" | "misconceptions">,
): Suggestion[] {
  return [
    { type: "flashcard", question: `What is ${card.title}?`, answer: card.definition },
    ...card.misconceptions.slice(0, 5).map(
      (misconception): Suggestion => ({
        type: "concept-check",
        question: `True or false: ${misconception}`,
        options: ["True", "False"],
        correctIndex: 1,
      }),
    ),
  ];
}
