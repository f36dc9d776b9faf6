import { Bot, CheckCircle2, FileText, Rocket, Target } from "lucide-react";
import { Badge } from "#client/components/ui/badge.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { converterDisciplineLabel, LAUNCH_APPLICATIONS, PIVOT_ELEMENTS } from "#shared/domain/conversions.ts";
import { ConversionActions } from "./conversion-actions.tsx";
import { RatingControl } from "./rating-control.tsx";

/** One conversion on screen: running, finished, saved (then it can be rated), or an example. */
export interface ConversionRun {
  objective: string;
  discipline: string;
  text: string;
  status: "running" | "done" | "failed";
  /** "template", the model's name, or "example" for a Try This sample. */
  source?: string;
  /** The model writing while running. */
  model?: string;
  /** Why the template was used, or what went wrong. */
  note?: string;
  savedId?: number;
  saveFailed?: boolean;
  rating?: number | null;
}

function SourceBadge({ run }: { run: ConversionRun }) {
  if (run.status === "running") {
    return <Badge variant="secondary">{run.model ? `Writing with ${run.model}` : "Writing"}</Badge>;
  }
  if (run.source === "example") return <Badge variant="secondary">Example</Badge>;
  if (run.source === "template") {
    return (
      <Badge variant="secondary">
        <FileText aria-hidden="true" className="size-3" />
        Built-in template
      </Badge>
    );
  }
  if (run.source) {
    return (
      <Badge>
        <Bot aria-hidden="true" className="size-3" />
        AI model: {run.source}
      </Badge>
    );
  }
  return null;
}

function StaticList({ title, items, icon: Icon }: { title: string; items: string[]; icon: typeof Target }) {
  return (
    <div>
      <h4 className="mb-2 flex items-center gap-2 font-semibold">
        <Icon aria-hidden="true" className="size-4 text-primary" />
        {title}
      </h4>
      <ul className="grid gap-1.5 text-sm">
        {items.map((item) => (
          <li key={item} className="flex items-center gap-2">
            <CheckCircle2 aria-hidden="true" className="size-4 shrink-0 text-success" />
            {item}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ConversionResult({
  run,
  onRate,
  rating,
  onRetrySave,
  saving,
}: {
  run: ConversionRun;
  onRate: (value: number) => void;
  rating: boolean;
  onRetrySave: () => void;
  saving: boolean;
}) {
  const running = run.status === "running";
  return (
    <Card role="region" aria-labelledby="conversion-result-title">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle id="conversion-result-title">Conversion Result</CardTitle>
        <SourceBadge run={run} />
      </CardHeader>
      <CardContent className="grid gap-5">
        <div>
          <h3 className="mb-1 text-sm font-medium text-muted-foreground">
            Traditional Objective · {converterDisciplineLabel(run.discipline)}
          </h3>
          <p className="rounded-md bg-muted p-3 text-sm whitespace-pre-wrap">{run.objective}</p>
        </div>
        <div>
          <h3 id="framework-title" className="mb-1 text-sm font-medium text-muted-foreground">
            PBL Project Framework
          </h3>
          {/* Focusable so that a long framework can be scrolled with the keyboard. */}
          <section
            aria-labelledby="framework-title"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
            tabIndex={0}
            aria-busy={running}
            className="max-h-[32rem] overflow-y-auto rounded-md border border-primary/30 bg-primary-soft/40 p-3 text-sm leading-relaxed"
          >
            {run.text ? (
              <p className="whitespace-pre-wrap break-words">{run.text}</p>
            ) : running ? (
              <div className="grid gap-2" data-testid="framework-skeleton">
                <Skeleton className="h-4 w-full" />
                <Skeleton className="h-4 w-5/6" />
                <Skeleton className="h-4 w-4/6" />
              </div>
            ) : null}
          </section>
          <p role="status" className="mt-2 text-sm text-muted-foreground">
            {running ? "Converting your objective..." : (run.note ?? "")}
          </p>
        </div>
        {run.status === "done" && run.text ? (
          <ConversionActions
            conversion={{
              originalObjective: run.objective,
              discipline: run.discipline,
              convertedFramework: run.text,
              source: run.source,
            }}
            savedId={run.savedId}
          />
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <StaticList title="Pivot Elements" items={PIVOT_ELEMENTS} icon={Target} />
          <StaticList title="Launch Applications" items={LAUNCH_APPLICATIONS} icon={Rocket} />
        </div>
        {run.savedId !== undefined ? (
          <RatingControl
            name={`rating-result-${run.savedId}`}
            value={run.rating ?? null}
            onRate={onRate}
            disabled={rating}
          />
        ) : null}
        {run.saveFailed ? (
          <Button variant="outline" className="justify-self-start" onClick={onRetrySave} disabled={saving}>
            {saving ? "Saving..." : "Save Conversion"}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
