import { DISCIPLINE_LABELS, type Discipline } from "#shared/constants.ts";
import { humanize } from "#shared/domain/templates.ts";

/** The discipline as the instructor's screens name it ("Biochemistry", not "biochemistry"). */
export const disciplineLabel = (value: string) => DISCIPLINE_LABELS[value as Discipline] ?? humanize(value);
