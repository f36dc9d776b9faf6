import { useEffect, useRef, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { FormField } from "#client/components/ui/form-field.tsx";
import { NativeSelect } from "#client/components/ui/native-select.tsx";
import { getErrorMessage } from "#client/lib/api-client.ts";
import { cn } from "#client/lib/utils.ts";
import { useAttachableCards, useAttachCard } from "../api/pivot-cards.ts";

/**
 * "Attach a card you already have", in Create Pivot Cards: one of one's own cards not yet linked to
 * this project, linked to it (PUT /api/pivot-cards/:id/project) so that its students practise it.
 */
export function AttachPivotCard({ projectId }: { projectId: number }) {
  const cards = useAttachableCards();
  const attachCard = useAttachCard();
  const [chosen, setChosen] = useState("");
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const others = (cards.data ?? []).filter((card) => card.projectId !== projectId);
  const outcomeRef = useRef<HTMLParagraphElement>(null);
  // The Attach button is gone or disabled once pressed: the focus goes to what happened.
  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  const attach = async () => {
    const card = others.find((entry) => String(entry.id) === chosen);
    if (!card) return;
    setSaving(true);
    setOutcome(null);
    try {
      await attachCard.mutateAsync({ cardId: card.id, projectId });
      setOutcome({ ok: true, text: `"${card.title}" is now linked to this project.` });
      setChosen("");
    } catch (failure) {
      setOutcome({ ok: false, text: getErrorMessage(failure, "The card could not be attached.") });
    } finally {
      setSaving(false);
    }
  };

  if (cards.isPending || (others.length === 0 && !outcome)) return null;
  return (
    <section aria-labelledby="attach-card-heading" className="grid gap-3 border-t pt-4">
      <h3 id="attach-card-heading" className="text-sm font-semibold">
        Attach a card you already have
      </h3>
      {others.length > 0 ? (
        <div className="flex flex-wrap items-end gap-2">
          <FormField id="attach-card" label="Your card" className="min-w-0 flex-1 basis-56">
            <NativeSelect id="attach-card" value={chosen} onChange={(event) => setChosen(event.target.value)}>
              <option value="">Choose a card</option>
              {others.map((card) => (
                <option key={card.id} value={card.id}>
                  {card.title} ({card.disciplineLabel}){card.projectId === null ? "" : ", in another project"}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <Button variant="outline" disabled={!chosen || saving} onClick={() => void attach()}>
            {saving ? "Attaching..." : "Attach to this project"}
          </Button>
        </div>
      ) : null}
      {outcome ? (
        <p
          ref={outcomeRef}
          tabIndex={-1}
          role="status"
          className={cn(
            "text-sm outline-none",
            outcome.ok ? "text-success-soft-foreground" : "text-destructive",
          )}
        >
          {outcome.text}
        </p>
      ) : null}
    </section>
  );
}
