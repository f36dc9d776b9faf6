import { useEffect, useState } from "react";
import { Alert, AlertDescription } from "#client/components/ui/alert.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#client/components/ui/dialog.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import { getErrorMessage } from "#client/lib/api-client.ts";
import type { CreateRetrievalItemInput, PivotCard } from "#shared/schemas/pivot-assets.ts";
import { type Suggestions, useAcceptItems, useSuggestItems } from "../api/pivot-api.ts";
import { CardSelect } from "./form-parts.tsx";
import type { DialogControl } from "./return-focus.ts";

/**
 * Suggest items: drafts for a card from the model, or the built-in ones without a
 * key; nothing is saved until the person keeps some of them (POST /api/retrieval-items/accepted).
 */
export function SuggestDialog({
  open,
  onOpenChange,
  cards,
  returnFocus,
}: DialogControl & {
  cards: readonly PivotCard[];
}) {
  const accept = useAcceptItems();
  const suggesting = useSuggestItems();
  const [cardId, setCardId] = useState("");
  const [drafts, setDrafts] = useState<{ cardId: number; result: Suggestions } | null>(null);
  const [kept, setKept] = useState<ReadonlySet<number>>(new Set());
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Filled when the dialog opens; a refetch of the cards meanwhile must not wipe what is typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the cards are read at opening only
  useEffect(() => {
    if (open) {
      setCardId(cards.length === 1 ? String(cards[0]?.id) : "");
      setDrafts(null);
      setError(null);
    }
  }, [open]);

  const ask = async () => {
    if (!cardId) return setError("Choose a pivot card first.");
    setLoading(true);
    setError(null);
    try {
      const result = await suggesting.mutateAsync(Number(cardId));
      setDrafts({ cardId: Number(cardId), result });
      setKept(new Set(result.items.map((_, index) => index)));
    } catch (failure) {
      setError(getErrorMessage(failure, "No suggestions could be made. Please try again."));
    } finally {
      setLoading(false);
    }
  };
  const save = () => {
    if (!drafts) return;
    const items = drafts.result.items
      .filter((_, index) => kept.has(index))
      .map((item) => ({ ...item, pivotCardId: drafts.cardId }) as CreateRetrievalItemInput);
    if (items.length === 0) return setError("Choose at least one item to keep.");
    accept.mutate(items, {
      onSuccess: (saved) => {
        toast({
          title: "Items Added",
          description: `${saved.length} retrieval ${saved.length === 1 ? "item was" : "items were"} added.`,
        });
        onOpenChange(false);
      },
      onError: (failure) =>
        setError(getErrorMessage(failure, "The items could not be saved. Please try again.")),
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl" onCloseAutoFocus={returnFocus.onCloseAutoFocus}>
        <DialogTitle>Suggest Retrieval Items</DialogTitle>
        <DialogDescription>
          Drafts made from the card's definition, examples and misconceptions. Keep the ones you want; the
          others are not saved.
        </DialogDescription>
        <div className="flex flex-wrap items-end gap-2">
          <CardSelect
            id="suggest-card"
            cards={cards}
            value={cardId}
            onChange={(next) => {
              setCardId(next);
              setDrafts(null);
            }}
            className="min-w-48 flex-1"
          />
          <Button variant="outline" disabled={loading} onClick={() => void ask()}>
            {loading ? "Suggesting..." : "Suggest items"}
          </Button>
        </div>
        {error ? (
          <Alert variant="destructive">
            <AlertDescription>{error}</AlertDescription>
          </Alert>
        ) : null}
        {drafts ? (
          <div className="grid gap-3">
            <p role="status" className="text-sm text-muted-foreground">
              {drafts.result.items.length} {drafts.result.items.length === 1 ? "draft" : "drafts"}
              {drafts.result.source === "model" ? " from your AI model" : " from the built-in rules"}
              {drafts.result.reason ? ` (${drafts.result.reason})` : ""}.
            </p>
            <ul className="grid gap-2" aria-label="Suggested items">
              {drafts.result.items.map((item, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: drafts have no id until saved
                <li key={index} className="rounded-md border p-3 text-sm">
                  <label className="flex items-start gap-3">
                    <input
                      type="checkbox"
                      className="mt-0.5 size-4 accent-indigo-600"
                      checked={kept.has(index)}
                      onChange={(event) =>
                        setKept((old) => {
                          const next = new Set(old);
                          if (event.target.checked) next.add(index);
                          else next.delete(index);
                          return next;
                        })
                      }
                    />
                    <span className="grid gap-1 break-words">
                      <span className="font-medium">
                        Keep: {item.type === "flashcard" ? "Flashcard" : "Concept check"}: {item.question}
                      </span>
                      {item.type === "flashcard" ? (
                        <span className="text-muted-foreground">Answer: {item.answer}</span>
                      ) : (
                        <span className="text-muted-foreground">
                          Options:{" "}
                          {item.options
                            .map((option, at) => (at === item.correctIndex ? `${option} (correct)` : option))
                            .join(" · ")}
                        </span>
                      )}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button disabled={!drafts || kept.size === 0 || accept.isPending} onClick={save}>
            Save {drafts ? kept.size : ""} {kept.size === 1 ? "item" : "items"}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
