import { Link, useLocation } from "wouter";
import { useAuth } from "#client/lib/auth.tsx";
import { isAdminRole } from "#client/lib/roles.ts";
import { cn } from "#client/lib/utils.ts";
import { isActiveHref, NAV_GROUPS } from "./nav-items.ts";

/** The main navigation, used in the sidebar (wide screens) and in the menu sheet (narrow screens). */
export function SideNav({ onNavigate }: { onNavigate?: () => void }) {
  const [location] = useLocation();
  const { faculty } = useAuth();
  const role = faculty?.role;
  const groups = NAV_GROUPS.filter((group) => !group.adminOnly || isAdminRole(role)).map((group) => ({
    ...group,
    items: group.items.filter((item) => !item.superAdminOnly || role === "super_admin"),
  }));

  return (
    <nav aria-label="Main navigation" className="flex-1 overflow-y-auto px-3 py-4">
      {groups.map((group) => {
        const headingId = `nav-group-${group.label.toLowerCase().replaceAll(" ", "-")}`;
        return (
          <div key={group.label} className="mb-6 last:mb-0">
            <p
              id={headingId}
              className="px-3 text-xs font-semibold tracking-wider text-muted-foreground uppercase"
            >
              {group.label}
            </p>
            <ul aria-labelledby={headingId} className="mt-2 grid gap-0.5">
              {group.items.map(({ label, href, icon: Icon }) => {
                const active = isActiveHref(href, location);
                return (
                  <li key={href}>
                    <Link
                      href={href}
                      onClick={onNavigate}
                      aria-current={active ? "page" : undefined}
                      className={cn(
                        "flex items-center gap-3 rounded-md px-3 py-2 text-sm transition-colors",
                        active
                          ? "bg-primary-soft font-semibold text-primary-soft-foreground"
                          : "text-slate-700 hover:bg-muted hover:text-foreground",
                      )}
                    >
                      <Icon
                        aria-hidden="true"
                        className={cn("size-4 shrink-0", active ? "text-primary" : "")}
                      />
                      {label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}
