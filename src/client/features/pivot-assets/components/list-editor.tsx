import { ArrowDown, ArrowUp, Plus, X } from "lucide-react";
import { Button } from "#client/components/ui/button.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { textAreaClassName } from "./fields.ts";

/**
 * An ordered list of texts to edit: add, remove, move up and down, each row numbered and labelled
 * ("Step 2"), every button named after its row for screen readers.
 */
export function ListEditor({
  id,
  legend,
  noun,
  values,
  onChange,
  error,
  max,
}: {
  id: string;
  legend: string;
  /** "Step", "Prompt", "Option". */
  noun: string;
  values: string[];
  onChange: (values: string[]) => void;
  error?: string | undefined;
  max: number;
}) {
  const move = (from: number, to: number) => {
    const next = values.slice();
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved ?? "");
    onChange(next);
  };
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <ol className="grid gap-2">
        {values.map((value, index) => {
          const rowId = `${id}-${index}`;
          const name = `${noun} ${index + 1}`;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions; their text changes as typed
            <li key={index} className="grid gap-1">
              <Label htmlFor={rowId}>{name}</Label>
              <div className="flex items-start gap-1">
                <textarea
                  id={rowId}
                  className={textAreaClassName}
                  rows={1}
                  maxLength={2000}
                  value={value}
                  onChange={(event) =>
                    onChange(values.map((old, at) => (at === index ? event.target.value : old)))
                  }
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Move ${name} up`}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                >
                  <ArrowUp aria-hidden="true" />
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Move ${name} down`}
                  disabled={index === values.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  <ArrowDown aria-hidden="true" />
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove ${name}`}
                  onClick={() => onChange(values.filter((_, at) => at !== index))}
                >
                  <X aria-hidden="true" />
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={values.length >= max}
          onClick={() => {
            onChange([...values, ""]);
            // The new row's field takes the focus once rendered.
            requestAnimationFrame(() => document.getElementById(`${id}-${values.length}`)?.focus());
          }}
        >
          <Plus aria-hidden="true" /> Add {noun.toLowerCase()}
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive-soft-foreground">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
