import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { DocumentSearchHit } from "../document-search-api.ts";
import { SearchResults } from "./search-results.tsx";

const hit = (overrides: Partial<DocumentSearchHit>): DocumentSearchHit => ({
  id: 1,
  facultyId: 1,
  fileName: "kinetics.pdf",
  originalName: "kinetics.pdf",
  fileSize: 1000,
  mimeType: "application/pdf",
  fileUrl: "/objects/uploads/a",
  description: "",
  category: "manual",
  includeInVectorDb: true,
  vectorStatus: "ready",
  statusReason: null,
  downloadCount: 0,
  createdAt: "2026-11-24T10:00:00.000Z",
  score: 0.5,
  snippet: "Michaelis &amp; Menten <mark>kinetics</mark>",
  page: 3,
  ...overrides,
});

afterEach(cleanup);

describe("SearchResults", () => {
  it("counts the hits and shows each with its page and its marked snippet", () => {
    render(
      <SearchResults
        query="kinetics"
        documents={[hit({}), hit({ id: 2, originalName: "notes.txt", mimeType: "text/plain", page: null })]}
      />,
    );
    expect(screen.getByRole("status").textContent).toBe("Found 2 relevant documents");
    const [first, second] = within(screen.getByRole("list", { name: "Search results" })).getAllByRole(
      "listitem",
    );
    expect(first?.textContent).toContain("PDF · Page 3");
    expect(first?.querySelector("mark")?.textContent).toBe("kinetics");
    expect(first?.textContent).toContain("Michaelis & Menten kinetics");
    expect(second?.textContent).toContain("Text");
    expect(second?.textContent).not.toContain("Page");
  });

  it("says one document in the singular, and suggests vectorizing when nothing is found", () => {
    const { rerender } = render(<SearchResults query="kinetics" documents={[hit({})]} />);
    expect(screen.getByRole("status").textContent).toBe("Found 1 relevant document");
    rerender(<SearchResults query="volta" documents={[]} />);
    expect(screen.getByRole("status").textContent).toMatch(
      /No relevant documents found for "volta".*vectorize/,
    );
  });
});
