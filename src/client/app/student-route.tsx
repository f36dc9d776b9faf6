import { lazy } from "react";
import { CheckInFormSlot } from "#client/features/student-home/check-in-slot.tsx";
import { StudentHomePage } from "#client/features/student-home/student-home-page.tsx";

/** The check-in form of Cognitive Load Analytics, its own chunk, loaded when a student opens Check in. */
const CheckInForm = lazy(() =>
  import("#client/features/cognitive-load/components/check-in-form.tsx").then((module) => ({
    default: module.CheckInForm,
  })),
);

/** The student's space with the check-in form of Cognitive Load Analytics composed in. */
export function StudentRoute() {
  return (
    <CheckInFormSlot.Provider value={CheckInForm}>
      <StudentHomePage />
    </CheckInFormSlot.Provider>
  );
}
