import { type ClassValue, clsx } from "clsx";
import { twMerge } from "tailwind-merge";

/** Joins class names and lets later Tailwind utilities override earlier ones. */
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}

/** First letters of up to two words of a name, for avatars ("Ada Lovelace" -> "AL"). */
export function initialsOf(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase());
  return letters.join("") || "?";
}

// Made on first use: building a DateTimeFormat costs several milliseconds (locale data), and at
// module level every page paid for it before its first paint, the sign-in page included.
let mediumDate: Intl.DateTimeFormat | undefined;

/** An ISO timestamp as "Nov 23, 2026"; "Unknown" when it is not a date. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "Unknown";
  mediumDate ??= new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });
  return mediumDate.format(date);
}

const mediumDateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/** An ISO timestamp as "Nov 23, 2026, 2:05 PM" in the browser's time zone; "Unknown" when it is not a date. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "Unknown" : mediumDateTime.format(date);
}
