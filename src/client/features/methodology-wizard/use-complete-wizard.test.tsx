import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useToast } from "#client/components/ui/use-toast.ts";
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
    () => ({
      ...useCompleteWizard({ mode, templateId: undefined, draft, onSaved: (what) => saved.push(what) }),
      toasts: useToast().toasts,
    }),
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
  it("checks the title with the shared project schema and sends nothing when it is too short", async () => {
    const { hook, saved } = renderComplete(withProject({ title: "ab" }));
    await act(() => hook.result.current.complete());
    expect(hook.result.current.problem).toBe("Title must be at least 3 characters (step 1 or 5).");
    expect(fetchMock).not.toHaveBeenCalled();
    expect(saved).toEqual([]);
  });

  it("asks for a discipline before saving", async () => {
    const draft = withProject();
    const { hook } = renderComplete({
      ...draft,
      methodology: { ...draft.methodology, discipline: "select" },
    });
    await act(() => hook.result.current.complete());
    expect(hook.result.current.problem).toBe("Please select a discipline");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("saves the trimmed project and reports it saved only after the server said so", async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ id: 7 }), { status: 201 }));
    const { hook, saved } = renderComplete(withProject());
    await act(() => hook.result.current.complete());
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
    await act(() => hook.result.current.complete());
    await waitFor(() =>
      expect(hook.result.current.problem).toBe("Only approved templates can be used to create a project."),
    );
    expect(saved).toEqual([]);
  });

  it("in create-template mode checks the template's own rules (a description of 10 characters)", async () => {
    const draft = withProject({
      templateDetails: { description: "short", category: "research", difficultyLevel: "beginner" },
    });
    const { hook } = renderComplete(
      { ...draft, methodology: { ...draft.methodology, launchApplications: "Field study" } },
      "create-template",
    );
    await act(() => hook.result.current.complete());
    expect(hook.result.current.problem).toBe("Description must be at least 10 characters");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  describe("then the methodology file", () => {
    const downloads: string[] = [];
    beforeEach(() => {
      downloads.length = 0;
      URL.createObjectURL = vi.fn(() => "blob:methodology");
      URL.revokeObjectURL = vi.fn();
      vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
        downloads.push(this.download);
      });
    });
    afterEach(() => vi.restoreAllMocks());

    /** The save answers 201; the download answers `download`. */
    const answer = (download: () => Response) =>
      fetchMock.mockImplementation(async (url) =>
        url === "/api/exports/methodology"
          ? download()
          : new Response(JSON.stringify({ id: 7 }), { status: 201 }),
      );

    it("is asked of the server after the save, downloaded under its name, and congratulated", async () => {
      answer(
        () =>
          new Response("PIVOT-AND-LAUNCH PBL METHODOLOGY\n", {
            status: 200,
            headers: { "Content-Disposition": 'attachment; filename="My-PBL-Methodology-2026-09-01.txt"' },
          }),
      );
      const { hook, saved } = renderComplete(withProject());
      await act(() => hook.result.current.complete());
      await waitFor(() => expect(downloads).toEqual(["My-PBL-Methodology-2026-09-01.txt"]));
      expect(saved).toEqual([{ kind: "project" }]);
      const [url, init] = fetchMock.mock.calls[1] ?? [];
      expect(url).toBe("/api/exports/methodology");
      expect(init?.method).toBe("POST");
      expect(JSON.parse(String(init?.body))).toEqual({
        title: "River Chemistry",
        discipline: "chemistry",
        methodology: withProject().methodology,
        format: "txt",
      });
      await waitFor(() => expect(hook.result.current.toasts[0]?.title).toBe("Congratulations!"));
    });

    it("failing, leaves the save in place and says so", async () => {
      answer(
        () => new Response(JSON.stringify({ message: "Format must be txt, docx or pdf" }), { status: 400 }),
      );
      const { hook, saved } = renderComplete(withProject());
      await act(() => hook.result.current.complete());
      await waitFor(() => expect(hook.result.current.toasts[0]?.title).toBe("Saved, but not downloaded"));
      expect(saved).toEqual([{ kind: "project" }]);
      expect(hook.result.current.problem).toBeNull();
      expect(hook.result.current.toasts[0]).toMatchObject({
        variant: "destructive",
        description:
          "Your project is saved, but the methodology file could not be downloaded (Format must be txt, docx or pdf). Download it from the project's page.",
      });
      expect(downloads).toEqual([]);
    });
  });
});
