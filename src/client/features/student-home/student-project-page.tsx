import { Brain } from "lucide-react";
import { useEffect } from "react";
import { Link, useParams } from "wouter";
import { MilestoneCalendarCard } from "#client/components/milestones/milestone-calendar-card.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "#client/components/ui/card.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { givenCardField } from "#shared/domain/pivot-assets.ts";
import { useStudentProject } from "./api/student-api.ts";
import { disciplineLabel } from "./discipline-label.ts";
import { MilestoneTimeline } from "./milestone-timeline.tsx";
import { ProjectParticipation } from "./project-participation.tsx";
import { StrengthenCard } from "./strengthen-card.tsx";
import { TeamSurveyCard } from "./team-survey-card.tsx";
import { YourTeamCard } from "./your-team-card.tsx";

/** /student/projects/:id: the project's brief, its pivot cards, and what the student does in it. */
export function StudentProjectPage() {
  const params = useParams<{ id: string }>();
  const id = Number(params.id);
  const project = useStudentProject(Number.isInteger(id) && id > 0 ? id : 0);
  useEffect(() => {
    if (project.data) document.title = `${project.data.title} · Pivot & Launch`;
  }, [project.data]);
  if (project.isPending) return <Spinner className="py-16" />;
  if (project.isError) {
    return (
      <>
        <h1 className="text-2xl font-semibold tracking-tight">Project not found</h1>
        <p>
          This project is not one of yours.{" "}
          <Link href="/student" className="underline">
            Back to My Projects
          </Link>
        </p>
      </>
    );
  }
  const data = project.data;
  const section = (title: string, text: string) => (
    <Card>
      <CardHeader>
        <h2 className="font-semibold">{title}</h2>
      </CardHeader>
      <CardContent>
        <p className="text-sm leading-relaxed whitespace-pre-wrap break-words">{text || "Not given yet."}</p>
      </CardContent>
    </Card>
  );
  return (
    <>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight break-words">{data.title}</h1>
        <p className="text-muted-foreground">{disciplineLabel(data.discipline)}</p>
        {data.pivotCards.length > 0 && (
          <Link
            href={`/student/practice?projectId=${data.id}`}
            className="mt-3 inline-flex items-center gap-2 rounded-md border bg-card px-3 py-2 text-sm font-medium hover:bg-accent"
          >
            <Brain aria-hidden="true" className="size-4" /> Practise this project's concepts
          </Link>
        )}
      </div>
      {section("Pivot Concepts", data.pivotConcepts)}
      {section("Launch Brief", data.launchBrief)}
      {section("Timeline", data.timeline)}
      <StrengthenCard projectId={data.id} />
      <YourTeamCard projectId={data.id} />
      <MilestoneTimeline projectId={data.id} />
      <MilestoneCalendarCard projectId={data.id} />
      <TeamSurveyCard projectId={data.id} />
      <section aria-labelledby="cards-heading" className="grid gap-3">
        <h2 id="cards-heading" className="text-lg font-semibold">
          Pivot Cards
        </h2>
        {data.pivotCards.length === 0 && (
          <p className="text-sm text-muted-foreground">
            Your instructor has not added pivot cards to this project yet.
          </p>
        )}
        {data.pivotCards.map((card) => (
          <Card key={card.id}>
            <CardHeader>
              <h3 className="font-semibold break-words">{card.title}</h3>
              <CardDescription className="break-words">{card.definition}</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-3 text-sm">
              {/* Fields the instructor left empty (stored as "Not specified") are not shown. */}
              {givenCardField(card.constraints) && (
                <p className="break-words">
                  <strong>Constraints:</strong> {card.constraints}
                </p>
              )}
              {givenCardField(card.minimalExample) && (
                <p className="break-words">
                  <strong>Example:</strong> {card.minimalExample}
                </p>
              )}
              {givenCardField(card.counterExample) && (
                <p className="break-words">
                  <strong>Counter example:</strong> {card.counterExample}
                </p>
              )}
              {card.misconceptions.length > 0 && (
                <div>
                  <h4 className="font-medium">Common misconceptions</h4>
                  <ul className="list-disc pl-5">
                    {card.misconceptions.map((item) => (
                      <li key={item} className="break-words">
                        {item}
                      </li>
                    ))}
                  </ul>
                </div>
              )}
              {card.workedExamples.map((example) => (
                <div key={example.id} className="rounded-md border p-3">
                  <h4 className="font-medium break-words">Worked example: {example.title}</h4>
                  <ol className="list-decimal pl-5">
                    {example.steps.map((step, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: steps are a fixed ordered list
                      <li key={index} className="break-words">
                        {step}
                      </li>
                    ))}
                  </ol>
                  {example.selfExplanationPrompts.length > 0 && (
                    <ul className="mt-2 list-disc pl-5 text-muted-foreground">
                      {example.selfExplanationPrompts.map((prompt) => (
                        <li key={prompt} className="break-words">
                          {prompt}
                        </li>
                      ))}
                    </ul>
                  )}
                  {example.completionProblem && (
                    <p className="mt-2 break-words">
                      <strong>Your turn:</strong> {example.completionProblem}
                    </p>
                  )}
                </div>
              ))}
            </CardContent>
          </Card>
        ))}
      </section>
      <ProjectParticipation projectId={data.id} title={data.title} />
    </>
  );
}
