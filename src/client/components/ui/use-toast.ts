import { type ReactNode, useSyncExternalStore } from "react";

// spec A §9: only one toast is visible at a time; a new one replaces the old.
const TOAST_LIMIT = 1;

export type ToastVariant = "default" | "destructive";

export interface ToastInput {
  title: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds before the toast closes itself. */
  duration?: number;
}

export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

/** Time a closed toast stays mounted, so its exit can finish before it is dropped. */
const REMOVE_DELAY_MS = 1_000;

let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function setToasts(next: ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

export function dismissToast(id: number) {
  setToasts(toasts.map((item) => (item.id === id ? { ...item, open: false } : item)));
  setTimeout(() => setToasts(toasts.filter((item) => item.id !== id)), REMOVE_DELAY_MS);
}

export function toast(input: ToastInput) {
  const id = nextId++;
  setToasts([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const snapshot = () => toasts;

export function useToast() {
  const current = useSyncExternalStore(subscribe, snapshot, snapshot);
  return { toasts: current, toast, dismiss: dismissToast };
}
