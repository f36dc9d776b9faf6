import { type ChangeEvent, type FormEvent, useRef, useState } from "react";
import type { z } from "zod";

// The sign-in page's two forms, without react-hook-form and without zod on first paint (the
// signed-out page under 100 KB; docs/decisions/0024-signed-out-page-under-100-kb.md). They behave as
// react-hook-form did with `zodResolver` and its defaults: nothing is checked before the first
// submit; a submit checks every field with the shared schema, shows the first message of each field
// and focuses the first field in error; after a submit each change checks again and updates that
// field's message; `reset` empties the form and starts over.

type FieldElement = HTMLInputElement | HTMLSelectElement;
type FormValues = Record<string, string>;
type FieldErrors<Values> = Partial<Record<keyof Values, string>>;

type Checked<Values, Output> = { ok: true; output: Output } | { ok: false; errors: FieldErrors<Values> };

export interface LazySchema<Values extends FormValues, Output> {
  /** Starts loading the schema (and zod) without waiting for it; the form calls it on focus. */
  preload: () => void;
  check: (values: Values) => Promise<Checked<Values, Output>>;
}

/**
 * A shared zod schema loaded on first use: the sign-in page is shown without zod and the schemas,
 * and fetches them when a person starts filling a form in (or submits it).
 */
export function lazySchema<Values extends FormValues, Output>(
  loadSchema: () => Promise<z.ZodType<Output, Values>>,
): LazySchema<Values, Output> {
  let loading: Promise<z.ZodType<Output, Values>> | undefined;
  const load = () => {
    loading ??= loadSchema().catch((error: unknown) => {
      loading = undefined; // a failed download is tried again at the next attempt
      throw error;
    });
    return loading;
  };
  return {
    preload: () => {
      load().catch(() => undefined); // the submit that needs the schema reports the failure
    },
    check: async (values) => {
      const result = await (await load()).safeParseAsync(values);
      if (result.success) return { ok: true, output: result.data };
      const errors: FieldErrors<Values> = {};
      for (const issue of result.error.issues) {
        const name = issue.path[0] as keyof Values | undefined;
        if (name !== undefined && errors[name] === undefined) errors[name] = issue.message; // the first per field
      }
      return { ok: false, errors };
    },
  };
}

export function useSchemaForm<Values extends FormValues, Output>(
  schema: LazySchema<Values, Output>,
  defaultValues: Values,
) {
  const elements = useRef(new Map<keyof Values, FieldElement>());
  const submitted = useRef(false);
  /** Bumped by reset: a check that started before it is dropped. */
  const generation = useRef(0);
  const [errors, setErrors] = useState<FieldErrors<Values>>({});
  const [pending, setPending] = useState(false);

  const values = (): Values => {
    const current: FormValues = { ...defaultValues };
    for (const [name, element] of elements.current) current[name as string] = element.value;
    return current as Values;
  };

  const field = (name: keyof Values & string) => ({
    name,
    defaultValue: defaultValues[name],
    ref: (element: FieldElement | null) => {
      if (element) elements.current.set(name, element);
      else elements.current.delete(name);
    },
    onChange: async (event: ChangeEvent<FieldElement>) => {
      if (!submitted.current) return;
      const checkedValue = event.target.value;
      const started = generation.current;
      const result = await schema.check(values());
      // a later keystroke or a reset has its own check
      if (started !== generation.current || elements.current.get(name)?.value !== checkedValue) return;
      const message = result.ok ? undefined : result.errors[name];
      setErrors((current) => (current[name] === message ? current : { ...current, [name]: message }));
    },
  });

  const handleSubmit = (onValid: (output: Output) => Promise<void>) => async (event: FormEvent) => {
    event.preventDefault();
    const started = generation.current;
    const result = await schema.check(values());
    if (started !== generation.current) return;
    submitted.current = true;
    if (!result.ok) {
      setErrors(result.errors);
      firstInError(elements.current, result.errors)?.focus();
      return;
    }
    setErrors({});
    setPending(true);
    try {
      await onValid(result.output);
    } finally {
      setPending(false);
    }
  };

  const reset = () => {
    generation.current += 1;
    submitted.current = false;
    for (const [name, element] of elements.current) element.value = defaultValues[name] ?? "";
    setErrors({});
  };

  return { field, errors, pending, handleSubmit, reset, preload: schema.preload };
}

/** The field in error that comes first on the page. */
function firstInError<Values>(elements: Map<keyof Values, FieldElement>, errors: FieldErrors<Values>) {
  return [...elements]
    .filter(([name]) => errors[name] !== undefined)
    .map(([, element]) => element)
    .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))[0];
}
