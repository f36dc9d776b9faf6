import { ChevronDown, LogOut, Settings, User } from "lucide-react";
import { useLocation } from "wouter";
import { Badge } from "#client/components/ui/badge.tsx";
import { Button } from "#client/components/ui/button.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "#client/components/ui/dropdown-menu.tsx";
import { useAuth } from "#client/lib/auth.tsx";
import { initialsOf } from "#client/lib/utils.ts";
import type { Role } from "#shared/account.ts";

/** spec A §2 / B §2: Super Admin for super_admin; our other roles by name. */
const ROLE_LABELS: Record<Role, string> = {
  super_admin: "Super Admin",
  admin: "Admin",
  instructor: "Instructor",
  student: "Student",
};

export function UserMenu() {
  const { faculty, logout } = useAuth();
  const [, navigate] = useLocation();
  if (!faculty) return null;

  const signOut = async () => {
    await logout();
    navigate("/signin", { replace: true });
  };

  return (
    // Non-modal: the page is not hidden from assistive technology while the menu is open.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" aria-label="User menu" className="h-10 gap-2 px-1.5 sm:px-2">
          <span
            aria-hidden="true"
            className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground"
          >
            {initialsOf(faculty.name)}
          </span>
          <span className="hidden max-w-44 truncate text-sm font-medium sm:inline">{faculty.name}</span>
          <ChevronDown aria-hidden="true" className="hidden text-muted-foreground sm:block" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-72">
        <DropdownMenuLabel className="grid gap-0.5 font-normal">
          <span className="truncate font-semibold">{faculty.name}</span>
          <span className="truncate text-muted-foreground">{faculty.email}</span>
          {faculty.institution ? (
            <span className="truncate text-muted-foreground">{faculty.institution}</span>
          ) : null}
          <Badge className="mt-1.5 w-fit">{ROLE_LABELS[faculty.role] ?? "Instructor"}</Badge>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate("/profile")}>
          <User aria-hidden="true" />
          Profile
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate("/settings")}>
          <Settings aria-hidden="true" />
          Settings
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void signOut()}>
          <LogOut aria-hidden="true" />
          Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
