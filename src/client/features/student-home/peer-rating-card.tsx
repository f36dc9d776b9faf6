import { Save } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "#client/components/ui/card.tsx";
import { ErrorAlert } from "#client/components/ui/error-alert.tsx";
import { SubmitForm } from "#client/components/ui/form-field.tsx";
import { formatDateTime } from "#client/lib/utils.ts";
import { PEER_DIMENSIONS, PEER_RATING_SCALE, type PeerDimensionId } from "#shared/domain/peer-dimensions.ts";
import {
  PEER_COMMENT_MAX,
  PEER_MESSAGES,
  type StudentPeerEvaluation,
} from "#shared/schemas/peer-evaluation.ts";
import { useSavePeerRatings, useStudentPeerEvaluation } from "./api/peer-evaluation-api.ts";

type Person = StudentPeerEvaluation["people"][number];
type Draft = Record<number, { ratings: Partial<Record<PeerDimensionId, number>>; comment: string }>;

const LEVELS = Array.from(
  { length: PEER_RATING_SCALE.max - PEER_RATING_SCALE.min + 1 },
  (_, index) => PEER_RATING_SCALE.min + index,
);
const ANCHORED = [5, 3, 1] as const;

const draftOf = (evaluation: StudentPeerEvaluation): Draft =>
  Object.fromEntries(
    evaluation.people.map((person) => {
      const given = evaluation.given.find((row) => row.rateeId === person.id);
      return [person.id, { ratings: { ...given?.ratings }, comment: given?.comment ?? "" }];
    }),
  );

/** The first rating still missing, as a sentence; null when every person has all five. */
function missingRating(people: Person[], draft: Draft): string | null {
  for (const person of people) {
    const missing = PEER_DIMENSIONS.find((dimension) => !draft[person.id]?.ratings[dimension.id]);
    if (missing) {
      return `Rate ${person.self ? "yourself" : person.name} on "${missing.title}" before saving.`;
    }
  }
  return null;
}

function DimensionField({
  name,
  dimension,
  value,
  disabled,
  onChange,
}: {
  name: string;
  dimension: (typeof PEER_DIMENSIONS)[number];
  value: number | undefined;
  disabled: boolean;
  onChange: (level: number) => void;
}) {
  return (
    <fieldset className="grid min-w-0 gap-2" disabled={disabled}>
      <legend className="mb-1 font-medium break-words">{dimension.title}</legend>
      <dl className="grid gap-1 text-sm text-muted-foreground">
        {ANCHORED.map((level) => (
          <div key={level} className="flex gap-2">
            <dt className="w-4 shrink-0 font-medium">{level}</dt>
            <dd className="break-words">{dimension.anchors[level]}</dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap gap-x-2 gap-y-1">
        {LEVELS.map((level) => (
          <label key={level} className="flex min-h-9 w-12 cursor-pointer items-center gap-1 text-sm">
            <input
              type="radio"
              name={name}
              value={level}
              checked={value === level}
              onChange={() => onChange(level)}
            />
            {level}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function PeerRatingForm({
  milestoneId,
  evaluation,
}: {
  milestoneId: number;
  evaluation: StudentPeerEvaluation;
}) {
  const baseId = useId();
  const save = useSavePeerRatings(milestoneId);
  const [draft, setDraft] = useState<Draft>(() => draftOf(evaluation));
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const closed = evaluation.evaluation?.closed ?? true;
  const change = (personId: number, next: Partial<Draft[number]>) => {
    setSaved(false);
    setProblem(null);
    setDraft((current) => ({
      ...current,
      [personId]: { ratings: {}, comment: "", ...current[personId], ...next },
    }));
  };
  const submit = () => {
    if (save.isPending || closed) return;
    const found = missingRating(evaluation.people, draft);
    setProblem(found);
    if (found) return;
    // The people come self first, as the server asks: the first save must include the self-rating.
    save.mutate(
      {
        ratings: evaluation.people.map((person) => ({
          rateeId: person.id,
          ratings: draft[person.id]?.ratings as Record<PeerDimensionId, number>,
          comment: person.self ? "" : (draft[person.id]?.comment ?? ""),
        })),
      },
      { onSuccess: () => setSaved(true) },
    );
  };
  return (
    <SubmitForm onSubmit={submit} className="grid gap-6">
      {evaluation.people.map((person) => {
        const headingId = `${baseId}-${person.id}`;
        const commentId = `${baseId}-${person.id}-comment`;
        return (
          <section key={person.id} aria-labelledby={headingId} className="grid min-w-0 gap-4 border-t pt-4">
            <h3 id={headingId} className="font-semibold break-words">
              {person.self ? "You" : person.name}
            </h3>
            {PEER_DIMENSIONS.map((dimension) => (
              <DimensionField
                key={dimension.id}
                name={`${baseId}-${person.id}-${dimension.id}`}
                dimension={dimension}
                value={draft[person.id]?.ratings[dimension.id]}
                disabled={closed}
                onChange={(level) =>
                  change(person.id, {
                    ratings: { ...draft[person.id]?.ratings, [dimension.id]: level },
                  })
                }
              />
            ))}
            {person.self ? null : (
              <div className="grid gap-2">
                <label htmlFor={commentId} className="text-sm font-medium">
                  Comment for {person.name} (optional)
                </label>
                <p id={`${commentId}-hint`} className="text-sm text-muted-foreground">
                  Your comment reaches {person.name} only after your instructor releases it, without your
                  name.
                </p>
                <textarea
                  id={commentId}
                  aria-describedby={`${commentId}-hint`}
                  rows={3}
                  maxLength={PEER_COMMENT_MAX}
                  readOnly={closed}
                  className="rounded-md border border-input bg-card px-3 py-2 text-sm"
                  value={draft[person.id]?.comment ?? ""}
                  onChange={(event) => change(person.id, { comment: event.target.value })}
                />
              </div>
            )}
          </section>
        );
      })}
      {problem ? (
        <p role="alert" className="text-sm text-destructive-soft-foreground">
          {problem}
        </p>
      ) : null}
      {save.isError ? <ErrorAlert error={save.error} fallback="Your ratings could not be saved." /> : null}
      {closed ? null : (
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={save.isPending}>
            <Save aria-hidden="true" /> Save ratings
          </Button>
          <p role="status" className="text-sm font-medium">
            {saved ? "Ratings saved" : ""}
          </p>
        </div>
      )}
    </SubmitForm>
  );
}

function Released({ evaluation }: { evaluation: StudentPeerEvaluation }) {
  return (
    <div className="grid gap-2 border-t pt-4">
      <h3 className="font-semibold">What your teammates wrote</h3>
      {evaluation.comments.length === 0 ? (
        <p className="text-sm text-muted-foreground">No teammate wrote you a comment.</p>
      ) : (
        <ul className="grid list-disc gap-2 pl-5 text-sm">
          {evaluation.comments.map((comment, index) => (
            // Anonymous comments have no identity of their own; their order is the server's.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={index} className="break-words whitespace-pre-wrap">
              {comment}
            </li>
          ))}
        </ul>
      )}
      {evaluation.factor === null ? null : (
        <p className="text-sm font-medium">Your factor: {evaluation.factor.toFixed(2)}</p>
      )}
    </div>
  );
}

/**
 * "Rate your team" on the student's milestone page while the instructor has a peer evaluation
 * open: themself first, then each teammate on the five dimensions with their anchors, an optional
 * comment per teammate; read-only once closed; the released comments and, if shown, the factor.
 */
export function PeerRatingCard({ milestoneId }: { milestoneId: number }) {
  const query = useStudentPeerEvaluation(milestoneId);
  const headingId = useId();
  if (query.isError) {
    return <ErrorAlert error={query.error} fallback="The peer evaluation could not be loaded." />;
  }
  const evaluation = query.data?.evaluation;
  if (!query.data || !evaluation) return null;
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <h2 id={headingId} className="font-semibold">
          Rate your team
        </h2>
        <CardDescription>
          {evaluation.closed
            ? `Closed on ${formatDateTime(evaluation.closesAt)}.`
            : `Open until ${formatDateTime(evaluation.closesAt)}. Rate yourself first, then each teammate; teammates never see your ratings.`}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {query.data.people.length === 0 ? (
          <p className="text-sm">{PEER_MESSAGES.noTeam}.</p>
        ) : (
          <PeerRatingForm milestoneId={milestoneId} evaluation={query.data} />
        )}
        {evaluation.released ? <Released evaluation={query.data} /> : null}
      </CardContent>
    </Card>
  );
}
