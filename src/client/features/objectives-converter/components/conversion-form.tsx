import type { UseFormReturn } from "react-hook-form";
import { Button } from "#client/components/ui/button.tsx";
import { describedBy, FormField, SubmitForm } from "#client/components/ui/form-field.tsx";
import { NativeSelect } from "#client/components/ui/native-select.tsx";
import { CONVERSION_LIMITS, CONVERTER_DISCIPLINES } from "#shared/domain/conversions.ts";
import type { ConversionFormValues } from "#shared/schemas/conversions.ts";

const textArea =
  "min-h-24 w-full rounded-md border border-input bg-card px-3 py-2 text-sm aria-invalid:border-destructive";

/** spec A §2: discipline, objective and optional context; the submit button tells when it works. */
export function ConversionForm({
  form,
  converting,
  onSubmit,
}: {
  form: UseFormReturn<ConversionFormValues>;
  converting: boolean;
  onSubmit: () => void;
}) {
  const { errors } = form.formState;
  const objectiveLength = form.watch("originalObjective")?.length ?? 0;
  return (
    <SubmitForm onSubmit={onSubmit}>
      <FormField id="converter-discipline" label="Discipline" error={errors.discipline?.message}>
        <NativeSelect
          {...describedBy("converter-discipline", errors.discipline?.message)}
          {...form.register("discipline")}
        >
          <option value="">Select your discipline</option>
          {CONVERTER_DISCIPLINES.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField
        id="converter-objective"
        label="Traditional Learning Objective"
        error={errors.originalObjective?.message}
      >
        <textarea
          rows={4}
          maxLength={CONVERSION_LIMITS.objectiveMax}
          placeholder="e.g., Students will understand the principles of blockchain consensus mechanisms"
          className={textArea}
          {...describedBy("converter-objective", errors.originalObjective?.message)}
          {...form.register("originalObjective")}
        />
        <p className="text-xs text-muted-foreground">
          {objectiveLength} / {CONVERSION_LIMITS.objectiveMax.toLocaleString("en-US")} characters (at least{" "}
          {CONVERSION_LIMITS.objectiveMin})
        </p>
      </FormField>
      <FormField id="converter-context" label="Additional Context (Optional)" error={errors.context?.message}>
        <textarea
          rows={3}
          maxLength={CONVERSION_LIMITS.contextMax}
          placeholder="Course level, class size, partners, constraints..."
          className={textArea}
          {...describedBy("converter-context", errors.context?.message)}
          {...form.register("context")}
        />
      </FormField>
      <Button type="submit" disabled={converting} className="justify-self-start">
        {converting ? "Converting to PBL Framework..." : "Convert to PBL Framework"}
      </Button>
    </SubmitForm>
  );
}
