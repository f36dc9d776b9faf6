import { useEffect, useState } from "react";
import { emptyMethodology } from "#shared/domain/wizard.ts";
import type { Methodology } from "#shared/schemas/projects.ts";

export interface TemplateDetails {
  description: string;
  category: string;
  difficultyLevel: string;
}

export interface WizardDraft {
  step: number;
  title: string;
  methodology: Methodology;
  templateDetails: TemplateDetails;
  /** Set once the draft was filled from the template it started from. */
  prefilled: boolean;
}

export const emptyDraft = (): WizardDraft => ({
  step: 0,
  title: "",
  methodology: emptyMethodology(),
  templateDetails: { description: "", category: "interdisciplinary", difficultyLevel: "intermediate" },
  prefilled: false,
});

/** Local storage, or nothing where the browser refuses it (private mode, an LMS's iframe): no draft then. */
function drafts(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function read(key: string): WizardDraft {
  try {
    const stored = drafts()?.getItem(key);
    if (!stored) return emptyDraft();
    const parsed = JSON.parse(stored) as Partial<WizardDraft>;
    return { ...emptyDraft(), ...parsed, methodology: { ...emptyMethodology(), ...parsed.methodology } };
  } catch {
    drafts()?.removeItem(key);
    return emptyDraft();
  }
}

/** A wizard in progress survives a reload: kept in local storage per person and mode. */
export function useWizardDraft(key: string) {
  const [draft, setDraft] = useState<WizardDraft>(() => read(key));
  useEffect(() => setDraft(read(key)), [key]);
  useEffect(() => {
    drafts()?.setItem(key, JSON.stringify(draft));
  }, [key, draft]);
  const discard = () => {
    drafts()?.removeItem(key);
    setDraft(emptyDraft());
  };
  return { draft, setDraft, discard };
}
