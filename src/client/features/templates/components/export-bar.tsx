import { FileText, X } from "lucide-react";
import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { EXPORT_FORMATS, type ExportFormat } from "#shared/domain/templates.ts";

interface ExportBarProps {
  count: number;
  busy: boolean;
  onExport: (format: ExportFormat) => void;
  onClear: () => void;
  /** Where the keyboard's focus goes when the bar closes while it held it (Select All). */
  returnFocusTo: RefObject<HTMLElement | null>;
}

/**
 * The selection's count and the export buttons, fixed to the bottom of the window while templates
 * are selected (on a phone the buttons sat at the top of a page several screens tall).
 * A spacer as tall as the bar ends the page, so the last card's buttons scroll clear of it, and the
 * page's scroll padding keeps a card focused with the keyboard above it.
 */
export function ExportBar(props: ExportBarProps) {
  return props.count > 0 ? <OpenExportBar {...props} /> : null;
}

function OpenExportBar({ count, busy, onExport, onClear, returnFocusTo }: ExportBarProps) {
  const bar = useRef<HTMLElement>(null);
  const [height, setHeight] = useState(0);

  useEffect(() => {
    const element = bar.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setHeight(element.offsetHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (height === 0) return;
    const root = document.documentElement;
    root.style.scrollPaddingBottom = `${height}px`;
    return () => {
      root.style.scrollPaddingBottom = "";
    };
  }, [height]);

  // Closing (cleared, or exported) while a button of the bar had the focus: the focus would fall
  // back to the start of the page; it goes to Select All instead. A layout effect's cleanup runs
  // while the bar is still in the document.
  useLayoutEffect(() => {
    const element = bar.current;
    return () => {
      if (element?.contains(document.activeElement)) returnFocusTo.current?.focus();
    };
  }, [returnFocusTo]);

  return (
    <>
      <div aria-hidden="true" style={{ height }} />
      <section
        ref={bar}
        aria-label="Export selected templates"
        className="fixed inset-x-0 bottom-0 z-20 border-t bg-card/95 shadow-[0_-2px_8px_rgb(0_0_0/0.06)] backdrop-blur lg:left-64"
      >
        <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center gap-2 px-4 py-3 sm:px-6 lg:px-8">
          <p aria-live="polite" className="mr-auto text-sm font-medium">
            {count} selected
          </p>
          {EXPORT_FORMATS.map((format) => (
            <Button
              key={format}
              size="sm"
              variant="secondary"
              // Not `disabled`: a disabled button loses the keyboard's focus while the file is made.
              aria-disabled={busy}
              className="aria-disabled:opacity-50"
              onClick={() => {
                if (!busy) onExport(format);
              }}
            >
              <FileText aria-hidden="true" className="max-sm:hidden" />
              {format.toUpperCase()}
            </Button>
          ))}
          <Button size="sm" variant="ghost" onClick={onClear} aria-label="Clear selection">
            <X aria-hidden="true" />
          </Button>
        </div>
      </section>
    </>
  );
}
