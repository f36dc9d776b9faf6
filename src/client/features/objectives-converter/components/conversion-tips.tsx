import { Card, CardContent, CardHeader, CardTitle } from "#client/components/ui/card.tsx";

const TIPS = [
  { title: "Pivot", text: "Name the few core concepts every later task depends on, and secure them first." },
  {
    title: "Launch",
    text: "Apply those concepts in varied, real contexts: partners, cases, datasets, audiences.",
  },
  { title: "Balance", text: "Keep the pivot short enough to leave most of the time for application." },
  {
    title: "Anti-Overload",
    text: "Introduce one new idea at a time and give reference sheets instead of extra reading.",
  },
];

/** spec A §2: static advice on Pivot, Launch, Balance and Anti-Overload. */
export function ConversionTips() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Conversion Tips</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3 text-sm">
          {TIPS.map((tip) => (
            <div key={tip.title}>
              <dt className="font-semibold">{tip.title}</dt>
              <dd className="text-muted-foreground">{tip.text}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
