import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { KnowledgeAskEvent } from "#shared/schemas/knowledge-base.ts";
import { AskPanel } from "./ask-panel.tsx";

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A streamed NDJSON answer whose events arrive when `next()` is called. */
function controlledStream() {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    response: new Response(body, { status: 200, headers: { "Content-Type": "application/x-ndjson" } }),
    send: (event: KnowledgeAskEvent) =>
      controller?.enqueue(new TextEncoder().encode(`${JSON.stringify(event)}\n`)),
    close: () => controller?.close(),
  };
}

const source = {
  n: 1,
  entryId: 42,
  title: "Coastal guide",
  passageIndex: 3,
  page: 14,
  text: "A tombolo joins an island to the shore.",
  scope: "own" as const,
};

async function ask(question: string) {
  fireEvent.change(screen.getByLabelText("Question"), { target: { value: question } });
  fireEvent.click(screen.getByRole("button", { name: "Ask" }));
}

describe("AskPanel", () => {
  it("refuses a question under 3 characters with the shared schema's message, without a call", async () => {
    render(<AskPanel scope="own" onOpenEntry={vi.fn()} />);
    await ask("hi");
    expect(await screen.findByText("Question must be at least 3 characters")).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("streams the answer in as it arrives, lists numbered sources that open their entry", async () => {
    const stream = controlledStream();
    fetchMock.mockResolvedValue(stream.response);
    const onOpenEntry = vi.fn();
    render(<AskPanel scope="institution" onOpenEntry={onOpenEntry} />);
    await ask("What joins an island to the shore?");
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/knowledge-base/ask");
    expect(JSON.parse(String(init?.body))).toEqual({
      question: "What joins an island to the shore?",
      scope: "institution",
    });

    stream.send({ type: "sources", sources: [source] });
    stream.send({ type: "delta", text: "A tombolo " });
    expect(await screen.findByText("A tombolo")).toBeTruthy();
    stream.send({ type: "delta", text: "does [1]." });
    expect(await screen.findByText("A tombolo does [1].")).toBeTruthy();
    stream.send({ type: "done", mode: "answer", reason: null });
    stream.close();
    expect(await screen.findByText("Answer complete, with 1 sources.")).toBeTruthy();
    const item = within(screen.getByRole("list", { name: "Sources" })).getByRole("listitem");
    expect(item.textContent).toContain("[1]");
    expect(item.textContent).toContain("page 14");
    fireEvent.click(within(item).getByRole("button", { name: "Coastal guide" }));
    expect(onOpenEntry).toHaveBeenCalledWith(42);
  });

  it("in passages mode labels the sources as passages and gives the reason", async () => {
    const stream = controlledStream();
    fetchMock.mockResolvedValue(stream.response);
    render(<AskPanel scope="own" onOpenEntry={vi.fn()} />);
    await ask("What joins an island?");
    stream.send({ type: "sources", sources: [source] });
    stream.send({ type: "done", mode: "passages", reason: "No AI key is set." });
    stream.close();
    const status = await screen.findByTestId("ask-mode");
    expect(status.textContent).toContain("the most relevant passages are shown instead");
    expect(status.textContent).toContain("No AI key is set.");
    const item = within(screen.getByRole("list", { name: "Passages" })).getByRole("listitem");
    expect(item.textContent).toContain("A tombolo joins an island to the shore.");
    expect(screen.queryByTestId("ask-answer")).toBeNull();
  });

  it("says in one sentence that no passage matches, without offering passages instead", async () => {
    const stream = controlledStream();
    fetchMock.mockResolvedValue(stream.response);
    render(<AskPanel scope="own" onOpenEntry={vi.fn()} />);
    await ask("How do volcanoes erupt?");
    stream.send({ type: "sources", sources: [] });
    stream.send({
      type: "done",
      mode: "passages",
      reason: "No passage in your knowledge base matches this question.",
    });
    stream.close();
    const none = await screen.findByTestId("ask-none");
    expect(none.textContent).toBe("No passage in your knowledge base matches this question.");
    expect(screen.queryByTestId("ask-mode")).toBeNull();
    expect(screen.queryByRole("list", { name: "Passages" })).toBeNull();
  });

  it("shows the server's message when the question is refused", async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ message: "Students cannot use the knowledge base" }), { status: 403 }),
    );
    render(<AskPanel scope="own" onOpenEntry={vi.fn()} />);
    await ask("What joins an island?");
    expect(await screen.findByText("Students cannot use the knowledge base")).toBeTruthy();
  });
});
