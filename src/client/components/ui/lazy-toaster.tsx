import { lazy, Suspense, useState } from "react";
import { useToast } from "./use-toast.ts";

const Toaster = lazy(() => import("./toast.tsx").then((module) => ({ default: module.Toaster })));

/** Loads the toast UI with the first toast, keeping it out of the sign-in page's bundle. */
export function LazyToaster() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  if (toasts.length > 0 && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
