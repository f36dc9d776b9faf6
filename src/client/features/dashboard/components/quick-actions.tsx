import { FilePlus2, MessageSquare, Presentation, Upload } from "lucide-react";
import { Link } from "wouter";
import { buttonVariants } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import { cn } from "#client/lib/utils.ts";

const action = cn(buttonVariants({ variant: "outline" }), "h-auto justify-start py-3");

/** spec A §2 Quick Actions; Generate Presentation opens the .pptx in a new tab (session cookie). */
export function QuickActions() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Quick Actions</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2 sm:grid-cols-2">
        <Link href="/methodology-wizard" className={action}>
          <FilePlus2 aria-hidden="true" />
          Create New Project
        </Link>
        <Link href="/documents" className={action}>
          <Upload aria-hidden="true" />
          Upload Course Materials
        </Link>
        <a href="/api/analytics/presentation" target="_blank" rel="noopener" className={action}>
          <Presentation aria-hidden="true" />
          Generate Presentation
        </a>
        <Link href="/collaboration" className={action}>
          <MessageSquare aria-hidden="true" />
          View Student Feedback
        </Link>
      </CardContent>
    </Card>
  );
}
