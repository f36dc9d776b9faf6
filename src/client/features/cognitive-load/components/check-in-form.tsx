import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { describedBy, FormField } from "#client/components/ui/form-field.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { NativeSelect } from "#client/components/ui/native-select.tsx";
import { cn } from "#client/lib/utils.ts";
import { COGNITIVE_CONTEXTS, SCALES } from "#shared/domain/cognitive-load.ts";
import { type CheckInInput, checkInSchema } from "#shared/schemas/cognitive-load.ts";

/**
 * The check-in: one short form, about a minute, every scale a group of native radio
 * buttons (Tab moves between questions, arrow keys choose). The load items are written in our own
 * words after the structure of Leppink et al. (2013): 3 intrinsic, 3 extraneous, 4 germane, 0-10.
 */
export const LOAD_ITEMS = {
  intrinsic: [
    "The subject matter of this task was complicated in itself.",
    "The ideas I had to work with were intricate.",
    "The concepts and terms of this task were hard to grasp, however well explained.",
  ],
  extraneous: [
    "The directions for this task were hard to follow.",
    "The way the material was laid out got in the way of learning.",
    "The wording of the instructions and explanations was confusing.",
  ],
  germane: [
    "Doing this task deepened my understanding of the subject.",
    "The task helped me connect new ideas to what I already knew.",
    "I understand the concepts and terms better after this task.",
    "The task helped me see how the ideas fit together.",
  ],
} as const;

export const CONTEXT_DESCRIPTIONS: Record<(typeof COGNITIVE_CONTEXTS)[number], string> = {
  pivot: "Pivot: learning the core concepts",
  launch: "Launch: applying them in a new context",
  assessment: "Assessment: a test or graded task",
};

type Answers = Record<string, number | undefined>;

const range = (min: number, max: number) => Array.from({ length: max - min + 1 }, (_, i) => min + i);

function Scale({
  name,
  question,
  min,
  max,
  low,
  high,
  value,
  error,
  onChange,
}: {
  name: string;
  question: string;
  min: number;
  max: number;
  low: string;
  high: string;
  value: number | undefined;
  error: string | undefined;
  onChange: (value: number) => void;
}) {
  return (
    <fieldset
      className="grid gap-2 rounded-md border border-border p-3"
      aria-describedby={error ? `${name}-error` : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="px-1 text-sm font-medium">{question}</legend>
      <div className="flex flex-wrap gap-1">
        {range(min, max).map((option) => (
          <label
            key={option}
            className={cn(
              "flex min-w-9 cursor-pointer items-center justify-center rounded-md border border-input px-2 py-1.5 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
              value === option && "border-primary bg-primary text-primary-foreground",
            )}
          >
            <input
              type="radio"
              className="sr-only"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
            />
            {option}
          </label>
        ))}
      </div>
      <p className="flex justify-between gap-4 text-xs text-muted-foreground">
        <span>
          {min} = {low}
        </span>
        <span className="text-right">
          {max} = {high}
        </span>
      </p>
      {error ? (
        <p id={`${name}-error`} className="text-sm text-destructive-soft-foreground">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The answers as the schema takes them; numbers left empty stay undefined (refused with their message). */
function inputOf(answers: Answers, context: string, remark: string, numbers: Record<string, string>) {
  const num = (text: string) => (text.trim() === "" ? undefined : Number(text));
  return {
    context,
    mentalEffort: answers.mentalEffort,
    intrinsicItems: LOAD_ITEMS.intrinsic.map((_, i) => answers[`intrinsic${i}`]),
    extraneousItems: LOAD_ITEMS.extraneous.map((_, i) => answers[`extraneous${i}`]),
    germaneItems: LOAD_ITEMS.germane.map((_, i) => answers[`germane${i}`]),
    technostress: answers.technostress,
    interruptions: num(numbers.interruptions ?? ""),
    taskMinutes: num(numbers.taskMinutes ?? ""),
    refocusMinutes: num(numbers.refocusMinutes ?? ""),
    remark: remark.trim() === "" ? undefined : remark,
  };
}

export const UNANSWERED = "Please choose an answer";
export const NO_NUMBER = "Please enter a number";

/** The keys of every scale question here, in the order of the form. */
const SCALE_KEYS = [
  "mentalEffort",
  ...LOAD_ITEMS.intrinsic.map((_, i) => `intrinsic${i}`),
  ...LOAD_ITEMS.extraneous.map((_, i) => `extraneous${i}`),
  ...LOAD_ITEMS.germane.map((_, i) => `germane${i}`),
  "technostress",
];
const NUMBER_KEYS = ["interruptions", "taskMinutes", "refocusMinutes"];

/**
 * The error of each field by its name here (an item by its group and index: "extraneous1"). A
 * question left unanswered says so in plain words; the schema's range message (which the API
 * answers too) is for a value that is there but wrong.
 */
function errorsOf(
  issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>,
  answers: Answers,
  numbers: Record<string, string>,
) {
  const out: Record<string, string> = {};
  for (const key of SCALE_KEYS) if (answers[key] === undefined) out[key] = UNANSWERED;
  for (const key of NUMBER_KEYS) if ((numbers[key] ?? "").trim() === "") out[key] = NO_NUMBER;
  for (const issue of issues) {
    const [field, index] = issue.path;
    const group = typeof field === "string" ? field.replace(/Items$/, "") : "";
    const key = typeof index === "number" ? `${group}${index}` : String(field);
    out[key] ??= issue.message;
  }
  return out;
}

export function CheckInForm({
  idPrefix,
  submitLabel,
  pending,
  onSubmit,
  before,
}: {
  idPrefix: string;
  submitLabel: string;
  pending: boolean;
  /** Called with valid answers; resolves true when they were saved (the form then clears). */
  onSubmit: (input: CheckInInput) => Promise<boolean>;
  /** Fields shown first (the instructor's project select). */
  before?: ReactNode;
}) {
  const [answers, setAnswers] = useState<Answers>({});
  const [context, setContext] = useState<string>("pivot");
  const [numbers, setNumbers] = useState<Record<string, string>>({});
  const [remark, setRemark] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Bumped on every refused send: focus then moves to the first question that needs an answer.
  const [refusals, setRefusals] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (refusals === 0) return;
    const first = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    const target = first?.matches("fieldset") ? first.querySelector<HTMLElement>("input") : first;
    target?.focus();
  }, [refusals]);
  const set = (key: string) => (value: number) => setAnswers((old) => ({ ...old, [key]: value }));
  const id = (name: string) => `${idPrefix}-${name}`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = checkInSchema.safeParse(inputOf(answers, context, remark, numbers));
    if (!parsed.success) {
      setErrors(errorsOf(parsed.error.issues, answers, numbers));
      setRefusals((count) => count + 1);
      return;
    }
    setErrors({});
    if (await onSubmit(parsed.data)) {
      setAnswers({});
      setNumbers({});
      setRemark("");
    }
  }

  const errorCount = Object.keys(errors).length;
  const number = (name: string, label: string, min: number, max: number, step = 1) => (
    <FormField id={id(name)} label={label} error={errors[name]}>
      <Input
        type="number"
        inputMode={step === 1 ? "numeric" : "decimal"}
        min={min}
        max={max}
        step={step}
        value={numbers[name] ?? ""}
        onChange={(event) => setNumbers((old) => ({ ...old, [name]: event.target.value }))}
        {...describedBy(id(name), errors[name])}
      />
    </FormField>
  );
  const loadScale = (group: keyof typeof LOAD_ITEMS, index: number, text: string) => (
    <Scale
      key={`${group}${index}`}
      name={id(`${group}${index}`)}
      question={text}
      min={SCALES.loadItem.min}
      max={SCALES.loadItem.max}
      low="not at all"
      high="completely"
      value={answers[`${group}${index}`]}
      error={errors[`${group}${index}`]}
      onChange={set(`${group}${index}`)}
    />
  );

  return (
    <form ref={form} noValidate onSubmit={submit} className="grid gap-4" aria-label="Check-in">
      {before}
      <FormField id={id("context")} label="Which part of the course was this task?" error={errors.context}>
        <NativeSelect value={context} onChange={(event) => setContext(event.target.value)} id={id("context")}>
          {COGNITIVE_CONTEXTS.map((value) => (
            <option key={value} value={value}>
              {CONTEXT_DESCRIPTIONS[value]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <Scale
        name={id("mentalEffort")}
        question="How much mental effort did this task take?"
        min={SCALES.mentalEffort.min}
        max={SCALES.mentalEffort.max}
        low="very, very low mental effort"
        high="very, very high mental effort"
        value={answers.mentalEffort}
        error={errors.mentalEffort}
        onChange={set("mentalEffort")}
      />
      <p className="text-sm text-muted-foreground">
        How far do you agree with each statement? 0 = not at all, 10 = completely.
      </p>
      {LOAD_ITEMS.intrinsic.map((text, i) => loadScale("intrinsic", i, text))}
      {LOAD_ITEMS.extraneous.map((text, i) => loadScale("extraneous", i, text))}
      {LOAD_ITEMS.germane.map((text, i) => loadScale("germane", i, text))}
      <Scale
        name={id("technostress")}
        question="How much did the digital tools of this task stress you?"
        min={SCALES.technostress.min}
        max={SCALES.technostress.max}
        low="not at all"
        high="extremely"
        value={answers.technostress}
        error={errors.technostress}
        onChange={set("technostress")}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        {number("interruptions", "Interruptions during the task", 0, SCALES.interruptions.max)}
        {number("taskMinutes", "Length of the task (minutes)", 1, SCALES.taskMinutes.max)}
        {number("refocusMinutes", "Minutes to refocus after one", 0, SCALES.refocusMinutes.max, 0.5)}
      </div>
      <FormField
        id={id("remark")}
        label="Anything else? (optional, shown without your name)"
        error={errors.remark}
      >
        <textarea
          rows={3}
          maxLength={1000}
          className="rounded-md border border-input bg-card px-3 py-2 text-sm"
          value={remark}
          onChange={(event) => setRemark(event.target.value)}
          {...describedBy(id("remark"), errors.remark)}
        />
      </FormField>
      {errorCount > 0 ? (
        <p role="alert" className="text-sm text-destructive-soft-foreground">
          Please answer every question: {errorCount} {errorCount === 1 ? "answer needs" : "answers need"}{" "}
          attention.
        </p>
      ) : null}
      <Button type="submit" disabled={pending}>
        {pending ? "Sending..." : submitLabel}
      </Button>
    </form>
  );
}
