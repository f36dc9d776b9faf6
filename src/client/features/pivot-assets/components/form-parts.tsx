import { Alert, AlertDescription } from "#client/components/ui/alert.tsx";
import { describedBy, FormField } from "#client/components/ui/form-field.tsx";
import { NativeSelect } from "#client/components/ui/native-select.tsx";
import type { PivotCard } from "#shared/schemas/pivot-assets.ts";

/** The error of a whole form (not of one field) above its fields; nothing without one. */
export function FormErrorAlert({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <Alert variant="destructive">
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}

/** "Pivot card": which of the instructor's cards a worked example or retrieval item belongs to. */
export function CardSelect({
  id,
  cards,
  value,
  onChange,
  error,
  className,
}: {
  id: string;
  cards: readonly PivotCard[];
  value: string;
  onChange: (cardId: string) => void;
  error?: string;
  className?: string;
}) {
  return (
    <FormField id={id} label="Pivot card" error={error} className={className}>
      <NativeSelect
        {...describedBy(id, error)}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">Choose a card</option>
        {cards.map((card) => (
          <option key={card.id} value={card.id}>
            {card.title}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
}
