import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import {
  CONVERSION_EXAMPLES,
  type ConversionExample,
  converterDisciplineLabel,
  previewOf,
} from "#shared/domain/conversions.ts";

const SHORT_LABELS: Record<string, string> = {
  blockchain: "Blockchain",
  "data-science": "Data Science",
  fintech: "Fintech",
};

/** spec A §2: three samples; Try This fills the form and shows the sample as the result. */
export function ExampleConversions({ onTry }: { onTry: (example: ConversionExample) => void }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Example Conversions</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {CONVERSION_EXAMPLES.map((example) => (
          <section
            key={example.discipline}
            aria-label={`${SHORT_LABELS[example.discipline]} example`}
            className="grid gap-2 rounded-lg border p-3"
          >
            <h3 className="font-semibold">
              {SHORT_LABELS[example.discipline] ?? converterDisciplineLabel(example.discipline)}
            </h3>
            <p className="text-sm">
              <span className="font-medium">Original: </span>
              {example.original}
            </p>
            <p className="text-sm text-muted-foreground">
              <span className="font-medium text-foreground">Converted: </span>
              {previewOf(example.converted)}
            </p>
            <Button
              variant="outline"
              size="sm"
              className="justify-self-start"
              onClick={() => onTry(example)}
              aria-label={`Try This: ${SHORT_LABELS[example.discipline]} example`}
            >
              Try This
            </Button>
          </section>
        ))}
      </CardContent>
    </Card>
  );
}
