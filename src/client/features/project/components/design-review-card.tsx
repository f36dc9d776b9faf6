import { ClipboardCheck, RotateCcw } from "lucide-react";
import { useState } from "react";
import { formatScore } from "#client/components/rubrics/format-score.ts";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import { ConfirmDialog } from "#client/components/ui/confirm-dialog.tsx";
import { ErrorAlert } from "#client/components/ui/error-alert.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import { getErrorMessage } from "#client/lib/api-client.ts";
import type { DesignReview } from "#shared/schemas/design-review.ts";
import { useDeleteDesignReview, useDesignReview } from "../api/design-review.ts";
import { DesignReviewDialog } from "./design-review-dialog.tsx";

const joined = (names: string[]) => names.join(", ");

const verdictOf = (review: DesignReview) => {
  if (review.scores.length === 0) return "No element scored yet.";
  if (review.weakest.length === 0) return "Every element scored is at its best level.";
  return `Weakest: ${joined(review.weakest.map((element) => `${element.title} (${element.levelTitle})`))}.`;
};

function DesignResult({ review, rubricTitle }: { review: DesignReview; rubricTitle: string }) {
  return (
    <div className="grid gap-1 text-sm" data-testid="design-review-result">
      <p>
        <span className="text-lg font-semibold">Score {formatScore(review.score)} / 100</span> (
        {review.points} of {review.maximumPoints} points, with {rubricTitle})
      </p>
      <p>{verdictOf(review)}</p>
      {review.unscored.length > 0 && (
        <p className="text-muted-foreground">
          Not scored yet: {joined(review.unscored.map((element) => element.title))}.
        </p>
      )}
    </div>
  );
}

/**
 * The owner's review of their project design against the Gold Standard's seven design elements:
 * the result (score of the maximum, the weakest elements), the review dialog, and starting over.
 */
export function DesignReviewCard({ projectId }: { projectId: number }) {
  const designReview = useDesignReview(projectId);
  const remove = useDeleteDesignReview(projectId);
  const [reviewing, setReviewing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const data = designReview.data;

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3" className="text-base">
          Project design (Gold Standard)
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="text-sm text-muted-foreground">
          Judge your own project design against the seven Gold Standard design elements, to see which to
          strengthen before students start.
        </p>
        {designReview.isError && (
          <ErrorAlert error={designReview.error} fallback="The design review could not be loaded." />
        )}
        {data &&
          (data.review ? (
            <DesignResult review={data.review} rubricTitle={data.rubric.title} />
          ) : (
            <p className="text-sm">Not reviewed yet.</p>
          ))}
        <div className="flex flex-wrap gap-2">
          <Button disabled={!data} onClick={() => setReviewing(true)}>
            <ClipboardCheck aria-hidden="true" /> Review the design
          </Button>
          {data?.review && (
            <Button variant="outline" onClick={() => setConfirming(true)}>
              <RotateCcw aria-hidden="true" /> Start over
            </Button>
          )}
        </div>
        {reviewing && data && (
          <DesignReviewDialog projectId={projectId} current={data} onClose={() => setReviewing(false)} />
        )}
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Start the design review over?"
          description="The levels and comments of this review are deleted."
          confirmLabel="Start over"
          onConfirm={() => {
            setConfirming(false);
            remove.mutate(undefined, {
              onSuccess: () =>
                toast({ title: "Design Review Deleted", description: "Start again when you like." }),
              onError: (error) =>
                toast({
                  variant: "destructive",
                  title: "Error",
                  description: getErrorMessage(error, "Please try again."),
                }),
            });
          }}
        />
      </CardContent>
    </Card>
  );
}
