import { describe, expect, it } from "vitest";
import { APP_ROUTES, canOpen } from "./routes.tsx";
import { NAV_GROUPS } from "./shell/nav-items.ts";

const routeAt = (path: string) => {
  const route = APP_ROUTES.find((candidate) => candidate.path === path);
  if (!route) throw new Error(`no route at ${path}`);
  return route;
};

describe("who opens the administration screens", () => {
  it("opens Users to both administrators and Sign-in to the Super Admin only", () => {
    expect(canOpen(routeAt("/admin/users"), "admin")).toBe(true);
    expect(canOpen(routeAt("/admin/users"), "super_admin")).toBe(true);
    expect(canOpen(routeAt("/admin/users"), "instructor")).toBe(false);
    expect(canOpen(routeAt("/admin/sign-in"), "super_admin")).toBe(true);
    expect(canOpen(routeAt("/admin/sign-in"), "admin")).toBe(false);
    expect(canOpen(routeAt("/admin/sign-in"), "instructor")).toBe(false);
  });

  it("marks the Sign-in navigation item as the Super Admin's, like its route", () => {
    const administration = NAV_GROUPS.find((group) => group.label === "Administration");
    const signIn = administration?.items.find((item) => item.href === "/admin/sign-in");
    expect(signIn).toMatchObject({ label: "Sign-in", superAdminOnly: true });
    expect(routeAt(signIn?.href ?? "").superAdminOnly).toBe(true);
  });

  it("opens Mail to the Super Admin only, listed after Sign-in", () => {
    expect(canOpen(routeAt("/admin/mail"), "super_admin")).toBe(true);
    expect(canOpen(routeAt("/admin/mail"), "admin")).toBe(false);
    expect(canOpen(routeAt("/admin/mail"), "student")).toBe(false);
    const administration = NAV_GROUPS.find((group) => group.label === "Administration");
    const hrefs = administration?.items.map((item) => item.href) ?? [];
    expect(hrefs.indexOf("/admin/mail")).toBe(hrefs.indexOf("/admin/sign-in") + 1);
    expect(administration?.items.find((item) => item.href === "/admin/mail")).toMatchObject({
      label: "Mail",
      superAdminOnly: true,
    });
  });

  it("opens LMS to the Super Admin only, listed after Sign-in", () => {
    expect(canOpen(routeAt("/admin/lms"), "super_admin")).toBe(true);
    expect(canOpen(routeAt("/admin/lms"), "admin")).toBe(false);
    expect(canOpen(routeAt("/admin/lms"), "instructor")).toBe(false);
    const administration = NAV_GROUPS.find((group) => group.label === "Administration");
    const hrefs = administration?.items.map((item) => item.href) ?? [];
    expect(hrefs.indexOf("/admin/lms")).toBeGreaterThan(hrefs.indexOf("/admin/sign-in"));
    expect(administration?.items.find((item) => item.href === "/admin/lms")).toMatchObject({
      label: "LMS",
      superAdminOnly: true,
    });
  });
});
