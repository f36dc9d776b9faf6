import { inputClassName } from "#client/components/ui/input.tsx";
import { cn } from "#client/lib/utils.ts";

export const textAreaClassName = cn(inputClassName, "pivot-textarea");
/** The option of a discipline select that opens the Add New Discipline dialog (spec B §2). */
export const ADD_DISCIPLINE = "__add_discipline__";
