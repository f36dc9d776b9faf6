import {
  ArrowRightLeft,
  Brain,
  ChartColumn,
  ClipboardCheck,
  FileText,
  FolderKanban,
  KeyRound,
  Layers,
  LayoutDashboard,
  LayoutTemplate,
  Library,
  type LucideIcon,
  Mail,
  Plug,
  School,
  UserCog,
  Users,
  WandSparkles,
} from "lucide-react";

export interface NavItem {
  label: string;
  href: string;
  icon: LucideIcon;
  /** Shown to the Super Admin only. */
  superAdminOnly?: boolean;
}

export interface NavGroup {
  label: string;
  items: readonly NavItem[];
  adminOnly?: boolean;
}

/** spec A §2 App shell: side navigation groups, plus Administration for admins. */
export const NAV_GROUPS: readonly NavGroup[] = [
  {
    label: "Main Features",
    items: [
      { label: "Pedagogy Tool", href: "/dashboard", icon: LayoutDashboard },
      { label: "Methodology Wizard", href: "/methodology-wizard", icon: WandSparkles },
      { label: "My Projects", href: "/projects", icon: FolderKanban },
      { label: "Objectives Converter", href: "/objectives-converter", icon: ArrowRightLeft },
      { label: "Project Templates", href: "/templates", icon: LayoutTemplate },
      { label: "Student Collaboration", href: "/collaboration", icon: Users },
      { label: "Knowledge Base", href: "/knowledge-base", icon: Library },
      { label: "Pivot Assets", href: "/pivot-assets", icon: Layers },
      { label: "Rubrics", href: "/rubrics", icon: ClipboardCheck },
      { label: "Document Manager", href: "/documents", icon: FileText },
    ],
  },
  {
    label: "Tools",
    items: [
      { label: "Analytics", href: "/analytics", icon: ChartColumn },
      { label: "Cognitive Load Analytics", href: "/cognitive-load-analytics", icon: Brain },
      { label: "Integrations", href: "/integrations", icon: Plug },
    ],
  },
  {
    label: "Administration",
    adminOnly: true,
    items: [
      { label: "Users", href: "/admin/users", icon: UserCog },
      { label: "Sign-in", href: "/admin/sign-in", icon: KeyRound, superAdminOnly: true },
      { label: "Mail", href: "/admin/mail", icon: Mail, superAdminOnly: true },
      { label: "LMS", href: "/admin/lms", icon: School, superAdminOnly: true },
    ],
  },
];

export function isActiveHref(href: string, location: string): boolean {
  return (
    location === href ||
    (href === "/dashboard" && location === "/") ||
    // A project's own screen is reached from My Projects.
    (href === "/projects" && location.startsWith("/projects/"))
  );
}
