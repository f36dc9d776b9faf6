import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { KnowledgeEntrySummary } from "#shared/schemas/knowledge-base.ts";
import { EntryCard } from "./entry-card.tsx";

const entry = (overrides: Partial<KnowledgeEntrySummary> = {}): KnowledgeEntrySummary => ({
  id: 7,
  facultyId: 1,
  title: "Lab safety",
  content: "Goggles on at all times in the lab.",
  fileType: "text",
  fileUrl: null,
  tags: ["lab", "safety", "chemistry", "week 1", "goggles"],
  isPrivate: true,
  status: "ready",
  statusReason: null,
  passageCount: 1,
  fileSize: 0,
  createdAt: "2026-11-24T10:00:00.000Z",
  updatedAt: "2026-11-24T10:00:00.000Z",
  contentTruncated: false,
  ownerName: null,
  ...overrides,
});

afterEach(cleanup);

describe("EntryCard", () => {
  it("shows 3 tags then +N more, the private badge, and Edit and Delete for its owner", () => {
    render(<EntryCard entry={entry()} own onOpen={vi.fn()} onEdit={vi.fn()} onDelete={vi.fn()} />);
    const tags = within(screen.getByRole("list", { name: "Tags" })).getAllByRole("listitem");
    expect(tags.map((tag) => tag.textContent)).toEqual(["lab", "safety", "chemistry", "+2 more"]);
    expect(screen.getByText("Private")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Edit Lab safety" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Delete Lab safety" })).toBeTruthy();
    expect(screen.getByTestId("entry-content").className).toContain("kb-clamp-3");
  });

  it("shows no +N more with 3 tags or fewer", () => {
    render(<EntryCard entry={entry({ tags: ["a", "b", "c"] })} own onOpen={vi.fn()} />);
    expect(screen.queryByText(/more$/)).toBeNull();
  });

  it("a colleague's hit: the marked snippet as text, its page, its owner, and no Edit or Delete", () => {
    const { container } = render(
      <EntryCard
        entry={entry({ facultyId: 2, isPrivate: false })}
        hit={{
          snippet: [
            { text: "<script> wear ", marked: false },
            { text: "goggles", marked: true },
          ],
          page: 4,
          passageIndex: 2,
          scope: "institution",
          ownerName: "Grace",
        }}
        own={false}
        onOpen={vi.fn()}
      />,
    );
    const snippet = screen.getByTestId("search-snippet");
    expect(snippet.textContent).toBe("<script> wear goggles");
    expect(within(snippet).getByText("goggles").tagName).toBe("MARK");
    expect(container.querySelector("script")).toBeNull();
    expect(screen.getByTestId("hit-where").textContent).toBe("Page 4");
    expect(screen.getByTestId("hit-scope").textContent).toBe("Institution: Grace");
    expect(screen.getByText("Shared with institution")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^(Edit|Delete) / })).toBeNull();
  });

  it("says a file is being read, or why it could not be", () => {
    render(<EntryCard entry={entry({ status: "processing" })} own onOpen={vi.fn()} />);
    expect(screen.getByTestId("entry-status").textContent).toContain("Reading the file...");
    cleanup();
    render(
      <EntryCard
        entry={entry({ status: "failed", statusReason: "The PDF is encrypted" })}
        own
        onOpen={vi.fn()}
      />,
    );
    expect(screen.getByTestId("entry-status").textContent).toContain("The PDF is encrypted");
  });
});
