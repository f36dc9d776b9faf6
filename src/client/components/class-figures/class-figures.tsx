import { GraduationCap, Layers } from "lucide-react";
import { MasteryInfo } from "#client/components/mastery/mastery-info.tsx";
import { MasteryTrack } from "#client/components/mastery-track.tsx";
import { MASTERY_STYLES, masteryPercent } from "#client/lib/review-session.ts";
import { cn } from "#client/lib/utils.ts";
import { MASTERY_AMBER } from "#shared/domain/pivot-assets.ts";
import { type ClassMastery, INACTIVE_AFTER_DAYS } from "#shared/schemas/student.ts";

/**
 * What an instructor sees of one project's class: per concept the class's mean
 * mastery (a bar with its colour and, in words, its percent and level), the share of students below
 * 0.6, the class's retrieval adherence and the students who have not practised for 7 days. One
 * component for the project screen and Pivot Assets' "Your classes". Every figure is the API's.
 */

const percent = masteryPercent;

type Level = 3 | 4 | 5 | 6;
const Heading = ({ level, id, children }: { level: Level; id?: string; children: React.ReactNode }) => {
  const Tag = `h${level}` as "h3" | "h4" | "h5" | "h6";
  return (
    <Tag id={id} className="text-sm font-semibold">
      {children}
    </Tag>
  );
};

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
const date = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: "medium" });

export function ClassFigures({
  figures,
  level,
  idPrefix,
}: {
  figures: ClassMastery;
  /** The heading level of the figures' own parts (concepts, adherence, inactive students). */
  level: Level;
  /** Makes the headings' ids unique when several classes show on one screen. */
  idPrefix: string;
}) {
  const { students, concepts } = figures;
  if (students === 0)
    return (
      <EmptyNote icon={GraduationCap}>
        Nobody has joined this class yet. Share the join code: once students join and practise, the class's
        mastery of each concept shows here.
      </EmptyNote>
    );
  const below = Math.round(MASTERY_AMBER * 100);
  return (
    <div className="grid gap-5" data-testid="class-figures">
      <p className="text-sm text-muted-foreground">
        {students} student{students === 1 ? "" : "s"} joined
        {figures.asOf ? `; mastery as of ${dateTime(figures.asOf)}` : ""}. A student who has not practised a
        concept counts as 0 %.
      </p>

      <section aria-labelledby={`${idPrefix}-concepts`} className="grid gap-2">
        <div className="flex items-center gap-1">
          <Heading level={level} id={`${idPrefix}-concepts`}>
            Class mastery by concept
          </Heading>
          <MasteryInfo />
        </div>
        {concepts.length === 0 ? (
          <EmptyNote icon={Layers}>
            No pivot cards are linked to this project yet. Create pivot cards from its pivot concepts and add
            retrieval items: students practise those.
          </EmptyNote>
        ) : (
          <ul className="grid gap-4">
            {concepts.map((concept) => {
              const mean = concept.meanMastery ?? 0;
              const colour = MASTERY_STYLES[concept.masteryColour ?? "red"];
              const share = concept.shareBelow ?? 0;
              const count = Math.round(share * students);
              return (
                <li key={concept.pivotCardId} className="grid gap-1" data-testid="class-concept">
                  <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-sm">
                    <span className="min-w-0 font-medium break-words">
                      {concept.title}{" "}
                      <span className="font-normal text-muted-foreground">
                        ({concept.itemCount} item{concept.itemCount === 1 ? "" : "s"})
                      </span>
                    </span>
                    <span className={cn("font-semibold", colour.text)} data-testid="class-mastery-percent">
                      <span className="sr-only">Class mastery </span>
                      {percent(mean)} ({colour.words})
                    </span>
                  </div>
                  <MasteryTrack level={mean} colour={concept.masteryColour ?? "red"} />
                  <p className="text-sm text-muted-foreground" data-testid="class-share-below">
                    {percent(share)} of students below {below} % ({count} of {students})
                  </p>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section aria-labelledby={`${idPrefix}-adherence`} className="grid gap-1">
        <Heading level={level} id={`${idPrefix}-adherence`}>
          Retrieval adherence, last 30 days
        </Heading>
        <p className="text-sm" data-testid="class-adherence">
          {figures.adherence === null ? (
            <span className="text-muted-foreground">No data yet: {figures.adherenceReason}</span>
          ) : (
            <>
              <strong className="text-lg">{percent(figures.adherence)}</strong> of the reviews that fell due
              were done by their due day
            </>
          )}
        </p>
      </section>

      <section aria-labelledby={`${idPrefix}-inactive`} className="grid gap-1">
        <Heading level={level} id={`${idPrefix}-inactive`}>
          Not practised in {INACTIVE_AFTER_DAYS} days ({figures.inactiveStudents.length})
        </Heading>
        {figures.inactiveStudents.length === 0 ? (
          <p className="text-sm text-muted-foreground">Every student practised in the last week.</p>
        ) : (
          <ul className="grid gap-1 text-sm" data-testid="class-inactive">
            {figures.inactiveStudents.map((student) => (
              <li key={student.studentId} className="break-words">
                {student.name}{" "}
                <span className="text-muted-foreground">
                  {student.lastPracticedAt
                    ? `last practised ${date(student.lastPracticedAt)}`
                    : "has not practised yet"}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function EmptyNote({ icon: Icon, children }: { icon: typeof Layers; children: React.ReactNode }) {
  return (
    <div className="flex items-start gap-3 rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <p>{children}</p>
    </div>
  );
}
