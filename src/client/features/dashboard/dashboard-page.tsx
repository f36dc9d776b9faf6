import { Brain, Filter, Target } from "lucide-react";
import { useDeferredValue } from "react";
import { useFacultyProjects } from "#client/api/projects/get-faculty-projects.ts";
import { useAuth } from "#client/lib/auth.tsx";
import { useDashboardStats, useFeaturedTemplates, useRecentContributions } from "./api/dashboard-calls.ts";
import { AiIntegrationsCard } from "./components/ai-integrations-card.tsx";
import { ConverterTeaser } from "./components/converter-teaser.tsx";
import { FeaturedTemplatesCard } from "./components/featured-templates-card.tsx";
import { QuickActions } from "./components/quick-actions.tsx";
import { RecentContributions } from "./components/recent-contributions.tsx";
import { StatCards } from "./components/stat-cards.tsx";
import { WizardCard } from "./components/wizard-card.tsx";

const BANNER_POINTS = [
  { icon: Filter, title: "Content Filtering", text: "Only the concepts your project needs." },
  { icon: Target, title: "Focus Tools", text: "One new idea at a time, with reference sheets." },
  { icon: Brain, title: "Deep Learning", text: "Pivot first, then launch into real contexts." },
];

/** / and /dashboard: the signed-in person's own figures and shortcuts (spec A §2). */
export function DashboardPage() {
  const { faculty } = useAuth();
  const facultyId = faculty?.id ?? 0;
  const stats = useDashboardStats(facultyId);
  const latest = useFacultyProjects(facultyId, { limit: 1 }, { refetchOnMount: "always" });
  const recent = useRecentContributions();
  const featured = useFeaturedTemplates();
  // The cards below the figures render in a second, deferred pass: the banner and the figures paint
  // first, and neither pass holds the main thread for long (on phones).
  const showCards = useDeferredValue(true, false);
  if (!faculty) return null;
  return (
    <div className="grid gap-6">
      <section
        aria-labelledby="overload-title"
        className="rounded-xl bg-primary p-5 text-primary-foreground sm:p-6"
      >
        <h2 id="overload-title" className="text-xl font-bold tracking-tight">
          Turn information overload into focused, deep learning
        </h2>
        <p className="mt-1 text-sm opacity-90">Welcome back, {faculty.name}.</p>
        <ul className="mt-4 grid gap-3 sm:grid-cols-3">
          {BANNER_POINTS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-3 rounded-lg bg-white/10 p-3">
              <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
              <div>
                <p className="font-semibold">{title}</p>
                <p className="text-sm opacity-90">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <StatCards stats={stats.data} />
      {showCards ? (
        <div className="grid items-start gap-6 lg:grid-cols-3">
          <div className="grid min-w-0 gap-6 lg:col-span-2">
            <div className="grid gap-6 md:grid-cols-2">
              <WizardCard latest={latest.data?.items[0]} />
              <ConverterTeaser />
            </div>
            <QuickActions />
            <RecentContributions items={recent.data ?? []} loading={recent.isPending} />
          </div>
          <div className="grid min-w-0 gap-6">
            <AiIntegrationsCard />
            <FeaturedTemplatesCard templates={featured.data ?? []} loading={featured.isPending} />
          </div>
        </div>
      ) : null}
    </div>
  );
}
