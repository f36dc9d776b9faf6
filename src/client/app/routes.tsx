import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import { matchRoute, type Parser } from "wouter";
import { isAdminRole } from "#client/lib/roles.ts";
import type { Role } from "#shared/account.ts";

export interface AppRoute {
  path: string;
  /** Shown in the top bar. */
  title: string;
  /** The screen; null while it is not built yet (the not-found screen shows meanwhile). */
  screen: LazyScreen | null;
  adminOnly?: boolean;
  /** Only the Super Admin opens it (the server answers 403 to anyone else). */
  superAdminOnly?: boolean;
}

/** A screen in its own bundle, loaded when first shown or earlier through `preload`. */
export type LazyScreen = LazyExoticComponent<ComponentType> & { preload: () => void };

function lazyScreen(load: () => Promise<ComponentType>): LazyScreen {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const start = () => {
    loading ??= load().then((screen) => ({ default: screen }));
    return loading;
  };
  return Object.assign(lazy(start), {
    preload: () => {
      start().catch(() => undefined); // rendering the screen reports the failure
    },
  });
}

const ProfilePage = lazyScreen(() =>
  import("#client/features/profile/profile-page.tsx").then((module) => module.ProfilePage),
);
const TemplatesPage = lazyScreen(() =>
  import("#client/features/templates/templates-page.tsx").then((module) => module.TemplatesPage),
);
const MethodologyWizardPage = lazyScreen(() =>
  import("#client/features/methodology-wizard/methodology-wizard-page.tsx").then(
    (module) => module.MethodologyWizardPage,
  ),
);
const CollaborationPage = lazyScreen(() =>
  import("#client/features/collaboration/collaboration-page.tsx").then((module) => module.CollaborationPage),
);
const MyProjectsPage = lazyScreen(() =>
  import("#client/features/my-projects/my-projects-page.tsx").then((module) => module.MyProjectsPage),
);
const JoinForInstructorsPage = lazyScreen(() =>
  import("./join-for-instructors-page.tsx").then((module) => module.JoinForInstructorsPage),
);
const ProjectPage = lazyScreen(() =>
  import("#client/features/project/project-page.tsx").then((module) => module.ProjectPage),
);
const TeamsPage = lazyScreen(() =>
  import("#client/features/teams/teams-page.tsx").then((module) => module.TeamsPage),
);
const MilestoneReviewPage = lazyScreen(() =>
  import("#client/features/milestone-review/milestone-review-page.tsx").then(
    (module) => module.MilestoneReviewPage,
  ),
);
const ObjectivesConverterPage = lazyScreen(() =>
  import("#client/features/objectives-converter/objectives-converter-page.tsx").then(
    (module) => module.ObjectivesConverterPage,
  ),
);
const SettingsPage = lazyScreen(() =>
  import("#client/features/settings/settings-page.tsx").then((module) => module.SettingsPage),
);
const DashboardPage = lazyScreen(() =>
  import("#client/features/dashboard/dashboard-page.tsx").then((module) => module.DashboardPage),
);
const IntegrationsPage = lazyScreen(() =>
  import("#client/features/integrations/integrations-page.tsx").then((module) => module.IntegrationsPage),
);
const DocumentsPage = lazyScreen(() =>
  import("#client/features/documents/documents-page.tsx").then((module) => module.DocumentsPage),
);
const PivotAssetsPage = lazyScreen(() =>
  import("#client/features/pivot-assets/pivot-assets-page.tsx").then((module) => module.PivotAssetsPage),
);
const RubricsPage = lazyScreen(() =>
  import("#client/features/rubrics/rubrics-page.tsx").then((module) => module.RubricsPage),
);
const KnowledgeBasePage = lazyScreen(() =>
  import("#client/features/knowledge-base/knowledge-base-page.tsx").then(
    (module) => module.KnowledgeBasePage,
  ),
);
const AnalyticsPage = lazyScreen(() =>
  import("#client/features/analytics/analytics-page.tsx").then((module) => module.AnalyticsPage),
);
const CognitiveLoadPage = lazyScreen(() =>
  import("#client/features/cognitive-load/cognitive-load-page.tsx").then(
    (module) => module.CognitiveLoadPage,
  ),
);
const AdminUsersPage = lazyScreen(() =>
  import("#client/features/admin-users/admin-users-page.tsx").then((module) => module.AdminUsersPage),
);
const IdentityProvidersPage = lazyScreen(() =>
  import("#client/features/identity-providers/identity-providers-page.tsx").then(
    (module) => module.IdentityProvidersPage,
  ),
);
const LmsPage = lazyScreen(() =>
  import("#client/features/lms/lms-page.tsx").then((module) => module.LmsPage),
);
const LtiLinkPage = lazyScreen(() =>
  import("#client/features/lti/lti-link-page.tsx").then((module) => module.LtiLinkPage),
);
const AdminMailPage = lazyScreen(() =>
  import("#client/features/admin-mail/admin-mail-page.tsx").then((module) => module.AdminMailPage),
);

/** Every signed-in route (spec A §2, B §2). One line per screen; each screen is its own bundle. */
export const APP_ROUTES: readonly AppRoute[] = [
  { path: "/", title: "Dashboard", screen: DashboardPage },
  { path: "/dashboard", title: "Dashboard", screen: DashboardPage },
  { path: "/methodology-wizard", title: "Methodology Wizard", screen: MethodologyWizardPage },
  { path: "/objectives-converter", title: "Learning Objectives Converter", screen: ObjectivesConverterPage },
  { path: "/templates", title: "Project Templates", screen: TemplatesPage },
  { path: "/collaboration", title: "Student Collaboration", screen: CollaborationPage },
  { path: "/knowledge-base", title: "Institutional Knowledge Base", screen: KnowledgeBasePage },
  { path: "/analytics", title: "Analytics and Insights", screen: AnalyticsPage },
  { path: "/cognitive-load-analytics", title: "Cognitive Load Analytics", screen: CognitiveLoadPage },
  { path: "/integrations", title: "Integrations", screen: IntegrationsPage },
  { path: "/pivot-assets", title: "Pivot Assets", screen: PivotAssetsPage },
  { path: "/rubrics", title: "Rubrics", screen: RubricsPage },
  { path: "/documents", title: "Document Manager", screen: DocumentsPage },
  { path: "/projects", title: "My Projects", screen: MyProjectsPage },
  { path: "/projects/:id", title: "Project", screen: ProjectPage },
  { path: "/projects/:id/milestones/:milestoneId", title: "Milestone", screen: MilestoneReviewPage },
  { path: "/projects/:id/teams", title: "Teams", screen: TeamsPage },
  { path: "/profile", title: "Profile", screen: ProfilePage },
  { path: "/settings", title: "Settings", screen: SettingsPage },
  // A student's join link opened by an instructor or an administrator.
  { path: "/join/:code", title: "Join a Project", screen: JoinForInstructorsPage },
  { path: "/lti/link/:id", title: "Link a Course", screen: LtiLinkPage },
  { path: "/lti/deep-link/:id", title: "Add to Your Course", screen: LtiLinkPage },
  { path: "/admin/users", title: "User Administration", screen: AdminUsersPage, adminOnly: true },
  {
    path: "/admin/sign-in",
    title: "Institution Sign-in",
    screen: IdentityProvidersPage,
    superAdminOnly: true,
  },
  { path: "/admin/lms", title: "LMS", screen: LmsPage, superAdminOnly: true },
  { path: "/admin/mail", title: "Mail", screen: AdminMailPage, superAdminOnly: true },
];

export const NOT_FOUND_TITLE = "Page Not Found";

export function canOpen(route: AppRoute, role: Role | undefined): boolean {
  if (route.superAdminOnly) return role === "super_admin";
  return !route.adminOnly || isAdminRole(role);
}

/**
 * Starts downloading the screen of `location` while a restored session is checked and before React
 * renders the signed-in app, rather than after both (a shorter chain of requests).
 */
export function preloadScreen(parser: Parser, location: string, role: Role | undefined) {
  findRoute(parser, location, role)?.screen?.preload();
}

/** The route a location shows; null means the not-found screen (also for a route the role may not open). */
export function findRoute(parser: Parser, location: string, role: Role | undefined): AppRoute | null {
  const route = APP_ROUTES.find((candidate) => matchRoute(parser, candidate.path, location)[0]);
  return route && canOpen(route, role) ? route : null;
}
