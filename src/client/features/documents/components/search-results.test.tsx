import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { DocumentSearchStatus } from "#shared/schemas/document-search.ts";
import type { DocumentSearchHit } from "../api/document-search-api.ts";
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
  snippet: [
    { text: "Michaelis & Menten ", marked: false },
    { text: "kinetics", marked: true },
  ],
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

  it("links each hit to its file, a PDF at the page of its passage", () => {
    render(
      <SearchResults
        query="kinetics"
        documents={[
          hit({}),
          hit({
            id: 2,
            originalName: "notes.txt",
            mimeType: "text/plain",
            fileUrl: "/objects/uploads/b",
            page: null,
          }),
        ]}
      />,
    );
    const links = screen.getAllByRole("link");
    expect(links.map((link) => link.getAttribute("href"))).toEqual([
      "/objects/uploads/a#page=3",
      "/objects/uploads/b",
    ]);
    expect(links[0]?.textContent?.trim()).toBe("Download (page 3) kinetics.pdf");
    expect(links[0]?.getAttribute("download")).toBe("kinetics.pdf");
    expect(links[1]?.textContent?.trim()).toBe("Download notes.txt");
  });

  it("says one document in the singular; without hits, advice that fits where the documents stand", () => {
    const status = (overrides: Partial<DocumentSearchStatus>): DocumentSearchStatus => ({
      documents: 2,
      ready: 2,
      indexing: 0,
      notInSearch: 0,
      failed: 0,
      withoutText: 0,
      ...overrides,
    });
    const { rerender } = render(<SearchResults query="kinetics" documents={[hit({})]} />);
    expect(screen.getByRole("status").textContent).toBe("Found 1 relevant document");
    const advice = () => screen.getByTestId("no-hit-advice").textContent ?? "";

    rerender(<SearchResults query="volta" documents={[]} status={status({})} />);
    expect(advice()).toBe(
      'No relevant documents found for "volta".All your documents are searched: try other words, or fewer of them.',
    );
    expect(advice()).not.toMatch(/vectorize/i);

    rerender(<SearchResults query="volta" documents={[]} status={status({ ready: 1, indexing: 1 })} />);
    expect(advice()).toContain("Try other words, or fewer of them.");
    expect(advice()).toContain("1 document is still being processed: it will be searchable when ready.");
    expect(advice()).not.toMatch(/vectorize/i);

    rerender(
      <SearchResults
        query="volta"
        documents={[]}
        status={status({ documents: 3, ready: 0, notInSearch: 2, failed: 1 })}
      />,
    );
    expect(advice()).toContain(
      "2 documents are not in AI search yet: vectorize them with the Vectorize button under Your Documents.",
    );
    expect(advice()).toContain(
      "1 document could not be read: the reason is on its card under Your Documents.",
    );
    expect(advice()).not.toContain("Try other words");

    rerender(<SearchResults query="volta" documents={[]} status={status({ documents: 0, ready: 0 })} />);
    expect(advice()).toContain("You have no documents yet");

    rerender(<SearchResults query="volta" documents={[]} status={status({ ready: 0, withoutText: 2 })} />);
    expect(advice()).toContain("Your documents are images, audio or video, which have no text to search.");

    // While the documents' state is being asked, the sentence alone.
    rerender(<SearchResults query="volta" documents={[]} />);
    expect(advice()).toBe('No relevant documents found for "volta".');
  });
});
