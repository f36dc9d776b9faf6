import { cva } from "class-variance-authority";
import { X } from "lucide-react";
import { Toast as ToastPrimitive } from "radix-ui";
import { cn } from "#client/lib/utils.ts";
import { useToast } from "./use-toast.ts";

const toastVariants = cva(
  "pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-lg border p-4 pr-10 shadow-lg",
  {
    variants: {
      variant: {
        default: "border-border bg-card text-card-foreground",
        destructive: "border-destructive bg-destructive text-destructive-foreground",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

const DEFAULT_DURATION_MS = 5_000;

/** Renders the one current toast (spec A §9) in a viewport at most 420px wide on larger screens. */
export function Toaster() {
  const { toasts, dismiss } = useToast();
  return (
    <ToastPrimitive.Provider swipeDirection="right" duration={DEFAULT_DURATION_MS}>
      {toasts.map(({ id, title, description, variant, duration, open }) => (
        <ToastPrimitive.Root
          key={id}
          open={open}
          duration={duration}
          type={variant === "destructive" ? "foreground" : "background"}
          onOpenChange={(isOpen) => {
            if (!isOpen) dismiss(id);
          }}
          className={toastVariants({ variant })}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{title}</ToastPrimitive.Title>
            {description ? (
              <ToastPrimitive.Description className="text-sm">{description}</ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label="Close notification"
            className={cn(
              "absolute top-2 right-2 inline-flex size-8 cursor-pointer items-center justify-center rounded-md",
              variant === "destructive"
                ? "hover:bg-destructive-hover"
                : "text-muted-foreground hover:bg-muted",
            )}
          >
            <X aria-hidden="true" className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport className="fixed top-0 right-0 z-[100] flex max-h-dvh w-full flex-col gap-2 p-4 outline-none sm:top-auto sm:bottom-0 sm:max-w-[420px]" />
    </ToastPrimitive.Provider>
  );
}
