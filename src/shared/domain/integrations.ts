// spec B §3: the fixed integration catalogue, and the status rules of spec A §4 / B §4, §6.

import { ADMIN_ROLES, type Role } from "../account.ts";

/** What the two states without anything to press say under their label (spec B §2). */
export const INTEGRATION_STATE_TEXTS = {
  adminOnly: "Provided by your institution's administrator. Only an administrator can change it.",
  adminRequired: "Admin approval required. Contact your institution administrator to enable this service.",
} as const;

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
  /** Connecting what an administrator must connect first: the text of that state. */
  needsAdmin: INTEGRATION_STATE_TEXTS.adminRequired,
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

/**
 * What a person sees for one integration (spec B §4, §6), the same on the dashboard and the
 * Integrations screen, each with one label:
 * - connected: their own connection, or (administrators) their institution's, which they manage;
 * - admin-only: an instructor reaches it only through the institution's connection (read-only);
 * - admin-required: an enterprise service no administrator has connected yet: nothing to press;
 * - available: they may connect it.
 */
export const INTEGRATION_STATES = ["connected", "admin-only", "admin-required", "available"] as const;
export type IntegrationState = (typeof INTEGRATION_STATES)[number];

export const INTEGRATION_STATE_LABELS: Record<IntegrationState, string> = {
  connected: "Connected",
  "admin-only": "Admin Only",
  "admin-required": "Admin Required",
  available: "Available",
};

interface ConnectionRef {
  integrationId: string;
}

/** The parts of the GET /api/integrations answer the state is derived from. */
export interface IntegrationConnections<C extends ConnectionRef> {
  userConnections: readonly C[];
  adminConnections: readonly C[];
  userRole: Role;
}

export interface IntegrationView<C extends ConnectionRef> {
  state: IntegrationState;
  label: string;
  /** Why there is nothing to press (admin-only, admin-required); null otherwise. */
  text: string | null;
  /** spec B §4: connected when a personal or an admin connection exists (the summary counts it). */
  connected: boolean;
  /** The person's own connection, and the institution's when they may manage it. */
  personal: C | undefined;
  institution: C | undefined;
  /** A personal Connect button. */
  canConnect: boolean;
  /** "Connect for Institution": administrators, while the institution has no connection. */
  canConnectForInstitution: boolean;
}

/**
 * spec B §4, §6: the state of one integration for the person the connections were answered to.
 * The server enforces the same rules (an instructor connects an enterprise service only once an
 * administrator has; only administrators change an institution connection), so a button shown
 * here is one the server accepts.
 */
export function integrationView<C extends ConnectionRef>(
  integration: Integration,
  connections: IntegrationConnections<C>,
): IntegrationView<C> {
  const isAdmin = ADMIN_ROLES.includes(connections.userRole);
  const personal = connections.userConnections.find((c) => c.integrationId === integration.id);
  const shared = connections.adminConnections.find((c) => c.integrationId === integration.id);
  const institution = isAdmin ? shared : undefined;
  const view = (state: IntegrationState, text: string | null, canConnect: boolean) => ({
    state,
    label: INTEGRATION_STATE_LABELS[state],
    text,
    connected: personal !== undefined || shared !== undefined,
    personal,
    institution,
    canConnect,
    canConnectForInstitution: isAdmin && shared === undefined,
  });
  if (personal) return view("connected", null, false);
  if (shared && isAdmin) return view("connected", null, true);
  if (shared) return view("admin-only", INTEGRATION_STATE_TEXTS.adminOnly, false);
  if (integration.enterprise && !isAdmin) {
    return view("admin-required", INTEGRATION_STATE_TEXTS.adminRequired, false);
  }
  return view("available", null, true);
}
