import { Download, Lightbulb, Rocket } from "lucide-react";
import { Button } from "#client/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#client/components/ui/dialog.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#client/components/ui/tabs.tsx";
import { phaseCaption, workloadEstimate } from "#shared/domain/templates.ts";
import type { Template } from "#shared/schemas/templates.ts";
import { valueLabel } from "./labels.ts";
import { TemplateBadges } from "./template-badges.tsx";
import type { TemplateActions } from "./use-template-actions.ts";

function List({ items, empty }: { items: string[]; empty: string }) {
  if (items.length === 0) return <p className="text-muted-foreground">{empty}</p>;
  return (
    <ul className="grid list-disc gap-1 pl-5">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs font-medium text-muted-foreground uppercase">{label}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}

/** spec A §2: the details dialog with Overview, Structure, Deliverables and Implementation. */
export function TemplateDetailsDialog({
  template,
  onClose,
  actions,
}: {
  template: Template | null;
  onClose: () => void;
  actions: TemplateActions;
}) {
  return (
    <Dialog open={template !== null} onOpenChange={(open) => !open && onClose()}>
      {template ? (
        <DialogContent className="max-w-2xl" closeLabel="Close details">
          <div className="grid gap-2 pr-8">
            <DialogTitle>{template.name}</DialogTitle>
            <DialogDescription>{template.estimatedDuration} · Team Project</DialogDescription>
            <TemplateBadges template={template} />
          </div>
          <Tabs defaultValue="overview">
            <TabsList aria-label="Template details" className="flex-wrap">
              <TabsTrigger value="overview">Overview</TabsTrigger>
              <TabsTrigger value="structure">Structure</TabsTrigger>
              <TabsTrigger value="deliverables">Deliverables</TabsTrigger>
              <TabsTrigger value="implementation">Implementation</TabsTrigger>
            </TabsList>
            <TabsContent value="overview" className="grid gap-4 text-sm">
              <p>{template.description}</p>
              <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
                <Fact label="Duration" value={template.estimatedDuration} />
                <Fact label="Workload" value={workloadEstimate(template.estimatedDuration)} />
                <Fact label="Difficulty" value={valueLabel(template.difficultyLevel)} />
              </dl>
              <div>
                <h4 className="mb-1 font-semibold">Learning Outcomes</h4>
                <List items={template.learningOutcomes} empty="No learning outcomes listed." />
              </div>
            </TabsContent>
            <TabsContent value="structure">
              <ol className="grid gap-3 text-sm">
                {template.template.phases.map((phase, index) => (
                  <li key={phase} className="flex gap-3">
                    <span className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-primary-soft font-semibold text-primary-soft-foreground">
                      {index + 1}
                    </span>
                    <span>
                      <span className="block font-medium">{phase}</span>
                      <span className="block text-muted-foreground">{phaseCaption(index)}</span>
                    </span>
                  </li>
                ))}
              </ol>
            </TabsContent>
            <TabsContent value="deliverables" className="text-sm">
              <List items={template.template.deliverables} empty="No deliverables listed." />
            </TabsContent>
            <TabsContent value="implementation" className="grid gap-4 text-sm">
              <div>
                <h4 className="mb-1 font-semibold">Recommended Tools</h4>
                <List items={template.template.tools} empty="No tools listed." />
              </div>
              <div>
                <h4 className="mb-1 flex items-center gap-1 font-semibold">
                  <Lightbulb aria-hidden="true" className="size-4" /> Implementation Tips
                </h4>
                <List items={template.implementationTips} empty="No implementation tips listed." />
              </div>
              <p className="rounded-md bg-primary-soft p-3 text-primary-soft-foreground">
                <strong>Pivot-and-Launch:</strong> secure the core concepts with short, spaced retrieval
                practice before the project starts, then launch them in at least two contrasting contexts.
                Keep sources few and focused to avoid information overload.
              </p>
            </TabsContent>
          </Tabs>
          <div className="flex flex-wrap justify-end gap-2 border-t pt-4">
            <Button variant="outline" onClick={() => actions.exportOne(template)}>
              <Download aria-hidden="true" />
              Export Template
            </Button>
            <Button onClick={() => actions.use(template)} disabled={template.status !== "approved"}>
              <Rocket aria-hidden="true" />
              Use This Template
            </Button>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
