import { Info } from "lucide-react";
import { useRef, useState } from "react";
import { Tooltip, TooltipContent, TooltipTrigger } from "#client/components/ui/tooltip.tsx";
import { cn } from "#client/lib/utils.ts";
import { MASTERY_MEANING } from "#shared/domain/mastery.ts";

/**
 * What a mastery figure means (#shared/domain/mastery.ts), on a small button beside the figures:
 * the tooltip opens on hover and on keyboard focus, a tap toggles it (touch screens have no hover),
 * and Escape or moving the focus away closes it. While the button has the focus the tooltip stays
 * open: Radix closes a tooltip when the page scrolls, and tabbing to a button lower on the page
 * scrolls it into view.
 */
export function MasteryInfo({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const focused = () => trigger.current !== null && trigger.current === document.activeElement;
  return (
    <Tooltip open={open} onOpenChange={(next) => (next || !focused() ? setOpen(next) : undefined)}>
      <TooltipTrigger asChild>
        <button
          ref={trigger}
          type="button"
          aria-label="What mastery means"
          data-testid="mastery-info"
          className={cn(
            "inline-flex size-6 shrink-0 cursor-pointer items-center justify-center rounded-full text-muted-foreground hover:text-foreground",
            className,
          )}
          onClick={(event) => {
            // Keeps Radix from closing it on click: a tap opens and closes it.
            event.preventDefault();
            setOpen((shown) => !shown);
          }}
        >
          <Info aria-hidden="true" className="size-4" />
        </button>
      </TooltipTrigger>
      <TooltipContent data-testid="mastery-meaning" onEscapeKeyDown={() => setOpen(false)}>
        {MASTERY_MEANING}
      </TooltipContent>
    </Tooltip>
  );
}
