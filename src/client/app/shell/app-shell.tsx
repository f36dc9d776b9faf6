import { type ReactNode, useEffect } from "react";
import { useLocation, useRouter } from "wouter";
import { NotificationBell } from "#client/components/notifications/notification-bell.tsx";
import { useAuth } from "#client/lib/auth.tsx";
import { useMediaQuery } from "#client/lib/use-media-query.ts";
import { findRoute, NOT_FOUND_TITLE } from "../routes.tsx";
import { BackButton } from "./back-button.tsx";
import { Brand } from "./brand.tsx";
import { ExportToolkitMenu } from "./export-toolkit-menu.tsx";
import { MobileNav } from "./mobile-nav.tsx";
import { SideNav } from "./side-nav.tsx";
import { UserMenu } from "./user-menu.tsx";

/** spec A §2 App shell: side navigation, top bar (back, title, user menu) and the screen. */
export function AppShell({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const { parser } = useRouter();
  const { faculty } = useAuth();
  const title = findRoute(parser, location, faculty?.role)?.title ?? NOT_FOUND_TITLE;
  // The sidebar shows from 1024px (Tailwind's lg); a phone, where it is hidden, does not render it
  // at all (less work before the screen answers). The menu sheet has its own copy.
  const wide = useMediaQuery("(min-width: 64rem)");

  useEffect(() => {
    document.title = `${title} · Pivot & Launch`;
  }, [title]);

  // A new screen starts at its top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every location change by design
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location]);

  return (
    <div className="min-h-dvh lg:flex">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-card px-4 py-2 font-medium text-primary shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to main content
      </a>
      {/* The sidebar is a column of the page, as tall as the page (a fixed sidebar's
          background ended at the first screen in a full-page view); its contents stay in view. */}
      {wide ? (
        <aside className="hidden w-64 shrink-0 border-r bg-card lg:block">
          <div className="sticky top-0 flex h-dvh flex-col">
            <div className="flex h-16 shrink-0 items-center border-b px-4">
              <Brand />
            </div>
            <SideNav />
          </div>
        </aside>
      ) : null}
      <div className="flex min-h-dvh min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-16 shrink-0 items-center gap-1 border-b bg-card/95 px-2 backdrop-blur sm:gap-2 sm:px-4 lg:px-6">
          <MobileNav />
          <BackButton />
          <h1 className="min-w-0 flex-1 truncate px-1 text-lg font-semibold tracking-tight">{title}</h1>
          <ExportToolkitMenu />
          <NotificationBell />
          <UserMenu />
        </header>
        <main
          id="main-content"
          tabIndex={-1}
          className="flex-1 px-4 py-6 outline-none sm:px-6 lg:px-8 lg:py-8"
        >
          <div className="mx-auto w-full max-w-6xl">{children}</div>
        </main>
      </div>
    </div>
  );
}
