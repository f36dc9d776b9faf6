import { type ComponentType, createContext, useContext } from "react";
import type { CheckInInput } from "#shared/schemas/cognitive-load.ts";

/** What the check-in form of Cognitive Load Analytics takes (cognitive-load/components/check-in-form.tsx). */
export interface CheckInFormProps {
  idPrefix: string;
  submitLabel: string;
  pending: boolean;
  /** Resolves true when the answers were saved (the form then clears). */
  onSubmit: (input: CheckInInput) => Promise<boolean>;
}

/**
 * The check-in form, handed in by client/app (a feature never imports another): the student's
 * project page shows the same form as the public contribution page. Null until composed.
 */
export const CheckInFormSlot = createContext<ComponentType<CheckInFormProps> | null>(null);

export const useCheckInForm = () => useContext(CheckInFormSlot);
