import { act, createElement } from "react";
import { createRoot } from "react-dom/client";
import { expect, it } from "vitest";
import { type ToastItem, toast, useToast } from "./use-toast.ts";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let seen: ToastItem[] = [];

function Probe() {
  seen = useToast().toasts;
  return null;
}

it("keeps only the newest toast (spec A §9: one visible at a time)", () => {
  const root = createRoot(document.createElement("div"));
  act(() => root.render(createElement(Probe)));
  act(() => {
    toast({ title: "First" });
    toast({ title: "Second", variant: "destructive" });
  });
  expect(seen).toHaveLength(1);
  expect(seen[0]).toMatchObject({ title: "Second", variant: "destructive", open: true });
  act(() => root.unmount());
});
