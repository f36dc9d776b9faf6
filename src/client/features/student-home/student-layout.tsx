import { Brain, ClipboardCheck, FolderOpen, LogOut, type LucideIcon, Rocket, UserRound } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useLocation } from "wouter";
import { NotificationBell } from "#client/components/notifications/notification-bell.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { useAuth } from "#client/lib/auth.tsx";
import { cn } from "#client/lib/utils.ts";

/** The student's navigation. */
const NAV: ReadonlyArray<{ href: string; label: string; icon: LucideIcon }> = [
  { href: "/student", label: "My Projects", icon: FolderOpen },
  { href: "/student/practice", label: "Practice", icon: Brain },
  { href: "/student/check-ins", label: "Check-ins", icon: ClipboardCheck },
  { href: "/student/profile", label: "Profile", icon: UserRound },
];
/** The student's frame: the name, the four sections (the current one marked) and Sign Out. */
export function StudentLayout({ children }: { children: ReactNode }) {
  const { logout } = useAuth();
  const [location, navigate] = useLocation();
  const signOut = async () => {
    await logout();
    navigate("/signin", { replace: true });
  };
  // My Projects is current everywhere but the other three sections and a join link.
  const section = NAV.find((item) => item.href !== "/student" && location.startsWith(item.href));
  const current = section?.href ?? (location.startsWith("/join") ? null : "/student");
  return (
    <div className="min-h-dvh bg-muted">
      {/* On a phone: the name and Sign Out on one line, the four sections as a row of tabs below. */}
      <header className="grid grid-cols-[1fr_auto] items-center gap-x-4 gap-y-1 border-b bg-card px-4 py-2 sm:flex sm:min-h-16 sm:px-6">
        <p className="col-start-1 row-start-1 flex items-center gap-2 font-semibold">
          <Rocket aria-hidden="true" className="size-5 text-primary" /> Pivot &amp; Launch
        </p>
        <nav aria-label="Student navigation" className="col-span-2 row-start-2 sm:flex-1">
          <ul className="grid grid-cols-4 gap-1 sm:flex">
            {NAV.map(({ href, label, icon: Icon }) => (
              <li key={href}>
                <Link
                  href={href}
                  aria-current={current === href ? "page" : undefined}
                  className={cn(
                    "flex flex-col items-center gap-1 rounded-md px-1 py-1.5 text-xs font-medium hover:bg-accent sm:flex-row sm:gap-2 sm:px-3 sm:py-2 sm:text-sm",
                    current === href && "bg-accent text-primary",
                  )}
                >
                  <Icon aria-hidden="true" className="size-4" /> {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="col-start-2 row-start-1 flex items-center gap-1">
          <NotificationBell />
          <Button variant="ghost" onClick={() => void signOut()}>
            <LogOut aria-hidden="true" /> Sign Out
          </Button>
        </div>
      </header>
      <main id="main-content" className="flex justify-center px-4 py-8">
        <div className="grid w-full max-w-2xl min-w-0 content-start gap-6">{children}</div>
      </main>
    </div>
  );
}
