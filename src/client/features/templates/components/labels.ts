import { DISCIPLINE_LABELS, type Discipline } from "#shared/constants.ts";
import { humanize } from "#shared/domain/templates.ts";

export const disciplineLabel = (value: string) => DISCIPLINE_LABELS[value as Discipline] ?? humanize(value);
export const levelLabel = (value: string) => humanize(value);
