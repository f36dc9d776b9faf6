import { zodResolver } from "@hookform/resolvers/zod";
import { MessageCircleQuestion, Sparkles } from "lucide-react";
import { useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Alert, AlertDescription } from "#client/components/ui/alert.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import { describedBy, FormField } from "#client/components/ui/form-field.tsx";
import { getErrorMessage } from "#client/lib/api-client.ts";
import {
  type KnowledgeScope,
  type KnowledgeSource,
  knowledgeAskSchema,
} from "#shared/schemas/knowledge-base.ts";
import { askKnowledgeBase } from "../api/knowledge-base-api.ts";

const askFormSchema = z.object({ question: knowledgeAskSchema.shape.question });
type AskForm = z.infer<typeof askFormSchema>;

interface AskState {
  question: string;
  scope: KnowledgeScope;
  sources: KnowledgeSource[];
  answer: string;
  status: "streaming" | "done" | "failed";
  mode: "answer" | "passages" | null;
  reason: string | null;
  error: string | null;
}

const whereOf = (source: KnowledgeSource) =>
  source.page != null
    ? `page ${source.page}`
    : source.passageIndex != null
      ? `passage ${source.passageIndex + 1}`
      : null;

const noPassageMatches = (scope: KnowledgeScope) =>
  scope === "own"
    ? "No passage in your knowledge base matches this question."
    : "No passage shared at your institution matches this question.";

/**
 * Ask the knowledge base. The answer streams in, citing numbered sources that open
 * their entry; without a model (no key, failure, silence) the best passages are shown themselves,
 * labelled as passages, with the reason.
 */
export function AskPanel({
  scope,
  onOpenEntry,
}: {
  scope: KnowledgeScope;
  onOpenEntry: (id: number) => void;
}) {
  const form = useForm<AskForm>({ resolver: zodResolver(askFormSchema), defaultValues: { question: "" } });
  const [state, setState] = useState<AskState | null>(null);
  const running = useRef<AbortController | null>(null);
  const error = form.formState.errors.question?.message;

  const ask = form.handleSubmit(async ({ question }) => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setState({
      question,
      scope,
      sources: [],
      answer: "",
      status: "streaming",
      mode: null,
      reason: null,
      error: null,
    });
    const update = (change: (current: AskState) => AskState) =>
      setState((current) => (current && running.current === controller ? change(current) : current));
    try {
      await askKnowledgeBase(
        { question, scope },
        (event) => {
          if (event.type === "sources") update((current) => ({ ...current, sources: event.sources }));
          else if (event.type === "delta")
            update((current) => ({ ...current, answer: current.answer + event.text }));
          else update((current) => ({ ...current, status: "done", mode: event.mode, reason: event.reason }));
        },
        controller.signal,
      );
    } catch (failure) {
      if (controller.signal.aborted) return;
      update((current) => ({
        ...current,
        status: "failed",
        error: getErrorMessage(failure, "The question could not be answered. Please try again."),
      }));
    }
  });

  // Nothing matched: the answer area says so in one sentence, with no passages to show instead.
  const nothingFound = state?.status === "done" && state.sources.length === 0;
  const passages = state?.mode === "passages" && !nothingFound;
  return (
    <section aria-labelledby="kb-ask-heading">
      <Card>
        <CardHeader className="pb-2">
          <CardTitle id="kb-ask-heading" className="flex items-center gap-2 text-base">
            <MessageCircleQuestion aria-hidden="true" className="size-4" /> Ask Your Knowledge Base
          </CardTitle>
          <CardDescription>
            Answers are written only from{" "}
            {scope === "own" ? "your entries" : "your institution's shared entries"}, with numbered sources.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <form noValidate className="kb-ask-form" onSubmit={ask}>
            <FormField id="kb-question" label="Question" error={error} className="flex-1">
              <textarea
                {...describedBy("kb-question", error)}
                rows={2}
                className="kb-textarea rounded-md border border-input bg-card px-3 py-2 text-sm"
                placeholder="e.g. What do students need before the first lab?"
                {...form.register("question")}
                onKeyDown={(event) => {
                  if (event.key === "Enter" && !event.shiftKey) {
                    event.preventDefault();
                    void ask();
                  }
                }}
              />
            </FormField>
            <Button type="submit" disabled={state?.status === "streaming"}>
              <Sparkles aria-hidden="true" /> {state?.status === "streaming" ? "Asking..." : "Ask"}
            </Button>
          </form>

          {state ? (
            <div className="grid gap-3" aria-busy={state.status === "streaming"} data-testid="ask-result">
              {state.status === "failed" ? (
                <Alert variant="destructive">
                  <AlertDescription>{state.error}</AlertDescription>
                </Alert>
              ) : null}
              {nothingFound ? (
                <p role="status" className="rounded-md bg-muted p-3 text-sm" data-testid="ask-none">
                  {state.reason ?? noPassageMatches(state.scope)}
                </p>
              ) : passages ? (
                <p role="status" className="rounded-md bg-muted p-3 text-sm" data-testid="ask-mode">
                  <strong>No written answer: the most relevant passages are shown instead.</strong>{" "}
                  {state.reason ?? ""}
                </p>
              ) : state.answer || state.status === "streaming" ? (
                <div className="grid gap-1">
                  <h3 className="text-sm font-medium">Answer</h3>
                  <p className="kb-answer text-sm" data-testid="ask-answer">
                    {state.answer || (state.status === "streaming" ? "Looking through your entries..." : "")}
                  </p>
                </div>
              ) : null}
              {state.status === "done" && state.mode === "answer" ? (
                <p role="status" className="sr-only">
                  Answer complete, with {state.sources.length} sources.
                </p>
              ) : null}
              {state.sources.length > 0 ? (
                <div className="grid gap-2">
                  <h3 className="text-sm font-medium">{passages ? "Passages" : "Sources"}</h3>
                  <ol className="grid gap-2" aria-label={passages ? "Passages" : "Sources"}>
                    {state.sources.map((source) => (
                      <li
                        key={source.n}
                        className="grid gap-1 rounded-md border p-3 text-sm"
                        data-testid="ask-source"
                      >
                        <div className="flex flex-wrap items-center gap-x-3">
                          <span className="font-semibold">[{source.n}]</span>
                          <button
                            type="button"
                            className="kb-title-button text-left font-medium"
                            onClick={() => onOpenEntry(source.entryId)}
                          >
                            {source.title}
                          </button>
                          {whereOf(source) ? (
                            <span className="text-muted-foreground">{whereOf(source)}</span>
                          ) : null}
                          {source.scope === "institution" ? (
                            <span className="text-muted-foreground">· Institution</span>
                          ) : null}
                        </div>
                        {passages || source.text ? (
                          <blockquote className="kb-quote text-muted-foreground">
                            <span className={passages ? "break-words" : "kb-clamp-3 break-words"}>
                              {source.text}
                            </span>
                          </blockquote>
                        ) : null}
                      </li>
                    ))}
                  </ol>
                </div>
              ) : null}
            </div>
          ) : null}
        </CardContent>
      </Card>
    </section>
  );
}
