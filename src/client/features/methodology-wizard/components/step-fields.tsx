import { FormField } from "#client/components/ui/form-field.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { NativeSelect } from "#client/components/ui/native-select.tsx";
import {
  DIFFICULTY_LEVELS,
  DISCIPLINE_GROUPS,
  DISCIPLINE_LABELS,
  TEMPLATE_CATEGORIES,
} from "#shared/constants.ts";
import { humanize } from "#shared/domain/templates.ts";
import { DISCIPLINE_PLACEHOLDER, FIELD_LABELS, WIZARD_STEPS } from "#shared/domain/wizard.ts";
import type { Methodology } from "#shared/schemas/projects.ts";
import type { WizardDraft } from "../use-wizard-draft.ts";

const PLACEHOLDERS: Partial<Record<keyof Methodology, string>> = {
  pivotConcepts: "The 3-5 concepts every student must master first, one per line",
  assessmentBoundaries: "What the core assessment covers, and what it deliberately leaves out",
  launchApplications: "Contexts where students apply the concepts, one per line",
  collaborationMethods: "Team size, roles, peer review",
  coreAssessment: "How you check mastery of the pivot concepts",
  applicationAssessment: "How you assess the launch work",
  antiOverloadMeasures: "Limits on sources, focus time, checkpoints",
  timeline: "e.g. 8 weeks",
  classSize: "e.g. 40 students",
  resources: "Tools, datasets, partners",
  successMetrics: "What success looks like, one per line",
};

const textArea = "min-h-24 rounded-md border border-input bg-card px-3 py-2 text-sm";

interface StepFieldsProps {
  step: number;
  draft: WizardDraft;
  onChange: (draft: WizardDraft) => void;
  templateMode: boolean;
}

/** The fields of one wizard step (spec A §3: the wizard form). */
export function StepFields({ step, draft, onChange, templateMode }: StepFieldsProps) {
  const set = (field: keyof Methodology, value: string) =>
    onChange({ ...draft, methodology: { ...draft.methodology, [field]: value } });
  const titleField = (
    <FormField id="wizard-title" label={templateMode ? "Template Name" : "Project Title"}>
      <Input
        id="wizard-title"
        value={draft.title}
        maxLength={160}
        onChange={(event) => onChange({ ...draft, title: event.target.value })}
      />
    </FormField>
  );

  if (step === 0) {
    return (
      <div className="grid gap-4">
        {titleField}
        <FormField id="wizard-discipline" label="Discipline">
          <NativeSelect
            id="wizard-discipline"
            value={draft.methodology.discipline}
            onChange={(event) => set("discipline", event.target.value)}
          >
            <option value={DISCIPLINE_PLACEHOLDER}>Select a discipline...</option>
            {DISCIPLINE_GROUPS.map((group) => (
              <optgroup key={group.label} label={group.label}>
                {group.values.map((value) => (
                  <option key={value} value={value}>
                    {DISCIPLINE_LABELS[value]}
                  </option>
                ))}
              </optgroup>
            ))}
            <option value="other">Other</option>
          </NativeSelect>
        </FormField>
      </div>
    );
  }

  const fields = (WIZARD_STEPS[step]?.fields ?? []) as ReadonlyArray<keyof Methodology>;
  return (
    <div className="grid gap-4">
      {step === WIZARD_STEPS.length - 1 ? titleField : null}
      {fields.map((field) => (
        <FormField key={field} id={`wizard-${field}`} label={FIELD_LABELS[field]}>
          <textarea
            id={`wizard-${field}`}
            className={textArea}
            maxLength={5000}
            placeholder={PLACEHOLDERS[field]}
            value={draft.methodology[field]}
            onChange={(event) => set(field, event.target.value)}
          />
        </FormField>
      ))}
      {templateMode && step === WIZARD_STEPS.length - 1 ? (
        <>
          <FormField id="wizard-template-description" label="Template Description">
            <textarea
              id="wizard-template-description"
              className={textArea}
              maxLength={2000}
              value={draft.templateDetails.description}
              onChange={(event) =>
                onChange({
                  ...draft,
                  templateDetails: { ...draft.templateDetails, description: event.target.value },
                })
              }
            />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="wizard-template-category" label="Category">
              <NativeSelect
                id="wizard-template-category"
                value={draft.templateDetails.category}
                onChange={(event) =>
                  onChange({
                    ...draft,
                    templateDetails: { ...draft.templateDetails, category: event.target.value },
                  })
                }
              >
                {TEMPLATE_CATEGORIES.map((category) => (
                  <option key={category} value={category}>
                    {humanize(category)}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField id="wizard-template-difficulty" label="Difficulty">
              <NativeSelect
                id="wizard-template-difficulty"
                value={draft.templateDetails.difficultyLevel}
                onChange={(event) =>
                  onChange({
                    ...draft,
                    templateDetails: { ...draft.templateDetails, difficultyLevel: event.target.value },
                  })
                }
              >
                {DIFFICULTY_LEVELS.map((level) => (
                  <option key={level} value={level}>
                    {humanize(level)}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          </div>
        </>
      ) : null}
    </div>
  );
}
