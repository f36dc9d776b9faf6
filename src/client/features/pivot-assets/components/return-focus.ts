import { type RefObject, useMemo, useRef } from "react";

export interface ReturnFocus {
  /** Call with the element that opens the dialog (a click's currentTarget). */
  remember: (element: EventTarget | null) => void;
  onCloseAutoFocus: (event: Event) => void;
}

/** What each dialog of the screen takes: whether it is open, how it closes, where the focus returns. */
export interface DialogControl {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocus: ReturnFocus;
}

/**
 * Radix gives the focus back to a DialogTrigger only; these dialogs open from buttons of their own
 * (or a select's option), so they give it back themselves: to the opener, or to `fallback` when the
 * opener is gone (its card was deleted).
 */
export function useReturnFocus(fallback?: RefObject<HTMLElement | null>): ReturnFocus {
  const opener = useRef<HTMLElement | null>(null);
  return useMemo(
    () => ({
      remember: (element) => {
        opener.current = element instanceof HTMLElement ? element : null;
      },
      onCloseAutoFocus: (event) => {
        const target = opener.current?.isConnected ? opener.current : fallback?.current;
        if (!target) return;
        event.preventDefault();
        target.focus();
      },
    }),
    [fallback],
  );
}
