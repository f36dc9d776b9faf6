import { Wand2 } from "lucide-react";
import { Link } from "wouter";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import { methodologyProgress } from "#shared/domain/wizard.ts";
import type { Project } from "#shared/schemas/projects.ts";

function Bar({ label, value }: { label: string; value: number }) {
  return (
    <div className="grid gap-1">
      <div className="flex justify-between text-sm">
        <span className="font-medium">{label}</span>
        <span className="text-muted-foreground">{value}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={`${label} fields filled`}
        aria-valuenow={value}
        aria-valuemin={0}
        aria-valuemax={100}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary" style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}

/** spec A §2 Methodology Wizard card; the bars show the latest project's filled pivot and launch fields. */
export function WizardCard({ latest }: { latest: Project | undefined }) {
  const progress = latest ? methodologyProgress(latest.methodology) : { pivot: 0, launch: 0 };
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Wand2 aria-hidden="true" className="size-5 text-primary" />
          Methodology Wizard
        </CardTitle>
        <CardDescription>
          {latest ? (
            <>
              Your latest project:{" "}
              <Link
                href={`/projects/${latest.id}`}
                className="font-medium text-primary underline underline-offset-4"
              >
                {latest.title}
              </Link>
            </>
          ) : (
            "Design your first Pivot-and-Launch course in five steps."
          )}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <Bar label="Pivot" value={progress.pivot} />
        <Bar label="Launch" value={progress.launch} />
        <Button asChild className="justify-self-start">
          <Link href="/methodology-wizard">Start Wizard</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
