import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useCompleteWizard, type WizardSaved } from "./use-complete-wizard.ts";
import { emptyDraft, type WizardDraft } from "./use-wizard-draft.ts";

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderComplete(draft: WizardDraft, mode: "plain" | "create-template" = "plain") {
  const saved: WizardSaved[] = [];
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hook = renderHook(
    () => useCompleteWizard({ mode, templateId: undefined, draft, onSaved: (what) => saved.push(what) }),
    { wrapper },
  );
  return { hook, saved };
}

const withProject = (overrides: Partial<WizardDraft> = {}): WizardDraft => {
  const draft = emptyDraft();
  return {
    ...draft,
    title: "  River Chemistry  ",
    methodology: { ...draft.methodology, discipline: "chemistry", pivotConcepts: "Titration" },
    ...overrides,
  };
};

describe("the wizard's Complete", () => {
  it("checks the title with the shared project schema and sends nothing when it is too short", () => {
    const { hook, saved } = renderComplete(withProject({ title: "ab" }));
    act(() => hook.result.current.complete());
    expect(hook.result.current.problem).toBe("Title must be at least 3 characters (step 1 or 5).");
    expect(fetchMock).not.toHaveBeenCalled();
    expect(saved).toEqual([]);
  });

  it("asks for a discipline before saving", () => {
    const draft = withProject();
    const { hook } = renderComplete({
      ...draft,
      methodology: { ...draft.methodology, discipline: "select" },
    });
    act(() => hook.result.current.complete());
    expect(hook.result.current.problem).toBe("Please select a discipline");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("saves the trimmed project and reports it saved only after the server said so", async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ id: 7 }), { status: 201 }));
    const { hook, saved } = renderComplete(withProject());
    act(() => hook.result.current.complete());
    await waitFor(() => expect(saved).toEqual([{ kind: "project" }]));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/projects");
    expect(JSON.parse(String(init?.body))).toMatchObject({
      title: "River Chemistry",
      discipline: "chemistry",
    });
    expect(hook.result.current.problem).toBeNull();
  });

  it("keeps the draft and shows the server's message when saving fails", async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ message: "Only approved templates can be used to create a project." }), {
        status: 409,
      }),
    );
    const { hook, saved } = renderComplete(withProject());
    act(() => hook.result.current.complete());
    await waitFor(() =>
      expect(hook.result.current.problem).toBe("Only approved templates can be used to create a project."),
    );
    expect(saved).toEqual([]);
  });

  it("in create-template mode checks the template's own rules (a description of 10 characters)", () => {
    const draft = withProject({
      templateDetails: { description: "short", category: "research", difficultyLevel: "beginner" },
    });
    const { hook } = renderComplete(
      { ...draft, methodology: { ...draft.methodology, launchApplications: "Field study" } },
      "create-template",
    );
    act(() => hook.result.current.complete());
    expect(hook.result.current.problem).toBe("Description must be at least 10 characters");
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
