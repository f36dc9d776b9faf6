import { ArrowRight } from "lucide-react";
import { Link } from "wouter";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#client/components/ui/card.tsx";

/** spec A §2: a static before/after example and Convert My Objectives. */
export function ConverterTeaser() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Learning Objectives Converter</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <p className="rounded-md bg-muted p-3">
          <span className="font-semibold">Before: </span>Students will understand blockchain consensus
          mechanisms.
        </p>
        <ArrowRight aria-hidden="true" className="size-4 justify-self-center text-muted-foreground" />
        <p className="rounded-md border border-primary/30 bg-primary-soft/40 p-3">
          <span className="font-semibold">After: </span>Teams advise a local co-operative on tracking produce:
          they master hashing and consensus first, then build and defend a prototype ledger.
        </p>
        <Button asChild variant="outline" className="justify-self-start">
          <Link href="/objectives-converter">Convert My Objectives</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
