// spec B §3: the fixed integration catalogue, and the status rules of spec A §4 / B §4, §6.

/** The texts of connections, shared by the routes and the screens (no zod: the dashboard shows them). */
export const INTEGRATION_MESSAGES = {
  unknown: "Unknown integration",
  apiKeyRequired: "API key is required",
  invalidUrl: "Must be a valid URL",
  insecureUrl: "The endpoint must use https (http is allowed only for localhost)",
  connected: "Successfully connected to the integration.",
  connectFailed: "Failed to connect integration",
  disconnectFailed: "Failed to disconnect integration",
  configureFailed: "Failed to update integration settings",
  adminOnlyCreate: "Only administrators can create a shared admin connection.",
  adminOnlyChange: "This connection is managed by your institution's administrator.",
  needsAdmin: "Admin approval required. Contact your institution administrator to enable this service.",
  alreadyConnected: "This integration is already connected.",
  notFound: "Connection not found.",
} as const;

export const INTEGRATION_CATEGORIES = ["knowledge", "survey", "lms", "cloud", "analytics"] as const;
export type IntegrationCategory = (typeof INTEGRATION_CATEGORIES)[number];

export const INTEGRATION_CATEGORY_LABELS: Record<IntegrationCategory | "all", string> = {
  all: "All",
  knowledge: "Knowledge",
  survey: "Survey",
  lms: "LMS",
  cloud: "Cloud",
  analytics: "Analytics",
};

export interface Integration {
  id: string;
  name: string;
  description: string;
  category: IntegrationCategory;
  features: string[];
  pricing: string;
  documentationUrl: string;
  requiresAuth: boolean;
  /** Enterprise integrations need an administrator's connection before an instructor can use them. */
  enterprise: boolean;
}

export const INTEGRATIONS: readonly Integration[] = [
  {
    id: "notebooklm",
    name: "Google NotebookLM",
    description: "AI research notebooks grounded in your own course materials and readings.",
    category: "knowledge",
    features: ["Source-grounded answers", "Audio overviews of readings", "Shared class notebooks"],
    pricing: "Enterprise licence",
    documentationUrl: "https://support.google.com/notebooklm",
    requiresAuth: true,
    enterprise: true,
  },
  {
    id: "copilot",
    name: "Microsoft 365 Copilot",
    description: "AI assistance in Word, PowerPoint and Teams for drafting course materials.",
    category: "knowledge",
    features: ["Draft assignments and rubrics", "Summarise discussions", "Slides from outlines"],
    pricing: "$30 per user per month (Microsoft 365)",
    documentationUrl: "https://learn.microsoft.com/copilot/microsoft-365/",
    requiresAuth: true,
    enterprise: false,
  },
  {
    id: "qualtrics",
    name: "Qualtrics",
    description: "Surveys for cognitive load, reflection and course feedback at scale.",
    category: "survey",
    features: ["Validated survey templates", "Anonymous responses", "Export to analytics"],
    pricing: "Enterprise licence",
    documentationUrl: "https://www.qualtrics.com/support/",
    requiresAuth: true,
    enterprise: true,
  },
  {
    id: "canvas",
    name: "Canvas LMS",
    description: "Publish projects, rubrics and deadlines to your Canvas courses.",
    category: "lms",
    features: ["Course and module sync", "Rubric publishing", "Gradebook links"],
    pricing: "Free for education",
    documentationUrl: "https://canvas.instructure.com/doc/api/",
    requiresAuth: true,
    enterprise: false,
  },
  {
    id: "teams",
    name: "Microsoft Teams",
    description: "Team channels for project groups, with meeting and file links.",
    category: "cloud",
    features: ["A channel per project team", "Meeting links", "Shared files"],
    pricing: "Free for education",
    documentationUrl: "https://learn.microsoft.com/microsoftteams/",
    requiresAuth: true,
    enterprise: false,
  },
  {
    id: "github",
    name: "GitHub Classroom",
    description: "Repositories for technical projects, with starter code and feedback pull requests.",
    category: "cloud",
    features: ["Starter repositories", "Team assignments", "Feedback pull requests"],
    pricing: "Free for education",
    documentationUrl: "https://docs.github.com/education",
    requiresAuth: true,
    enterprise: false,
  },
];

export const INTEGRATION_IDS = INTEGRATIONS.map((integration) => integration.id) as [string, ...string[]];

/** spec A §2: the three integrations of the dashboard's AI Integrations card. */
export const DASHBOARD_INTEGRATION_IDS = ["notebooklm", "copilot", "qualtrics"] as const;

export const findIntegration = (id: string) => INTEGRATIONS.find((integration) => integration.id === id);

/** Admin connections are shared within an institution, compared without case or outer spaces. */
export const institutionKey = (institution: string) => institution.trim().toLowerCase();

/** The endpoint rule: https, or http only on this machine (a local test server). */
export function isAllowedEndpoint(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol === "https:") return true;
  return url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
}
