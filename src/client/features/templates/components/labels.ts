import { DISCIPLINE_LABELS, type Discipline } from "#shared/constants.ts";
import { humanize } from "#shared/domain/templates.ts";

export const disciplineLabel = (value: string) => DISCIPLINE_LABELS[value as Discipline] ?? humanize(value);
/** A filter value as a label ("data-science" -> "Data Science"). */
export const valueLabel = (value: string) => humanize(value);
