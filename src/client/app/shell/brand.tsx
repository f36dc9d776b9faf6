import { Rocket } from "lucide-react";
import { Link } from "wouter";

export function Brand({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Link
      href="/dashboard"
      onClick={onNavigate}
      className="flex items-center gap-2.5 rounded-md px-1 py-1 text-base font-semibold tracking-tight text-foreground"
    >
      <span className="inline-flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <Rocket aria-hidden="true" className="size-4" />
      </span>
      Pivot &amp; Launch
    </Link>
  );
}
