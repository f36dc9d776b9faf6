import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import { matchRoute, type Parser } from "wouter";
import { isAdminRole } from "#client/lib/roles.ts";
import type { Role } from "#shared/account.ts";

export interface AppRoute {
  path: string;
  /** Shown in the top bar. */
  title: string;
  /** The screen; null until the issue that builds it lands (the not-found screen shows meanwhile). */
  screen: LazyExoticComponent<ComponentType> | null;
  adminOnly?: boolean;
}

const ProfilePage = lazy(() =>
  import("#client/features/profile/profile-page.tsx").then((module) => ({ default: module.ProfilePage })),
);
const TemplatesPage = lazy(() =>
  import("#client/features/templates/templates-page.tsx").then((module) => ({
    default: module.TemplatesPage,
  })),
);
const MethodologyWizardPage = lazy(() =>
  import("#client/features/methodology-wizard/methodology-wizard-page.tsx").then((module) => ({
    default: module.MethodologyWizardPage,
  })),
);
const CollaborationPage = lazy(() =>
  import("#client/features/collaboration/collaboration-page.tsx").then((module) => ({
    default: module.CollaborationPage,
  })),
);
const MyProjectsPage = lazy(() =>
  import("#client/features/my-projects/my-projects-page.tsx").then((module) => ({
    default: module.MyProjectsPage,
  })),
);
const ProjectPage = lazy(() =>
  import("#client/features/project/project-page.tsx").then((module) => ({ default: module.ProjectPage })),
);
const ObjectivesConverterPage = lazy(() =>
  import("#client/features/objectives-converter/objectives-converter-page.tsx").then((module) => ({
    default: module.ObjectivesConverterPage,
  })),
);
const SettingsPage = lazy(() =>
  import("#client/features/settings/settings-page.tsx").then((module) => ({ default: module.SettingsPage })),
);
const DashboardPage = lazy(() =>
  import("#client/features/dashboard/dashboard-page.tsx").then((module) => ({
    default: module.DashboardPage,
  })),
);
const IntegrationsPage = lazy(() =>
  import("#client/features/integrations/integrations-page.tsx").then((module) => ({
    default: module.IntegrationsPage,
  })),
);
const AdminUsersPage = lazy(() =>
  import("#client/features/admin-users/admin-users-page.tsx").then((module) => ({
    default: module.AdminUsersPage,
  })),
);

/** Every signed-in route (spec A §2, B §2). One line per screen; each screen is its own bundle. */
export const APP_ROUTES: readonly AppRoute[] = [
  { path: "/", title: "Dashboard", screen: DashboardPage },
  { path: "/dashboard", title: "Dashboard", screen: DashboardPage },
  { path: "/methodology-wizard", title: "Methodology Wizard", screen: MethodologyWizardPage },
  { path: "/objectives-converter", title: "Learning Objectives Converter", screen: ObjectivesConverterPage },
  { path: "/templates", title: "Project Templates", screen: TemplatesPage },
  { path: "/collaboration", title: "Student Collaboration", screen: CollaborationPage },
  { path: "/knowledge-base", title: "Institutional Knowledge Base", screen: null },
  { path: "/analytics", title: "Analytics and Insights", screen: null },
  { path: "/cognitive-load-analytics", title: "Cognitive Load Analytics", screen: null },
  { path: "/integrations", title: "Integrations", screen: IntegrationsPage },
  { path: "/pivot-assets", title: "Pivot Assets", screen: null },
  { path: "/documents", title: "Document Manager", screen: null },
  { path: "/projects", title: "My Projects", screen: MyProjectsPage },
  { path: "/projects/:id", title: "Project", screen: ProjectPage },
  { path: "/profile", title: "Profile", screen: ProfilePage },
  { path: "/settings", title: "Settings", screen: SettingsPage },
  { path: "/admin/users", title: "User Administration", screen: AdminUsersPage, adminOnly: true },
];

export const NOT_FOUND_TITLE = "Page Not Found";

export function canOpen(route: AppRoute, role: Role | undefined): boolean {
  return !route.adminOnly || isAdminRole(role);
}

/** The route a location shows; null means the not-found screen (also for a route the role may not open). */
export function findRoute(parser: Parser, location: string, role: Role | undefined): AppRoute | null {
  const route = APP_ROUTES.find((candidate) => matchRoute(parser, candidate.path, location)[0]);
  return route && canOpen(route, role) ? route : null;
}
