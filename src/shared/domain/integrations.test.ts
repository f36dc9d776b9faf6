import { describe, expect, it } from "vitest";
import type { Role } from "../account.ts";
import { findIntegration, INTEGRATION_MESSAGES, type Integration, integrationView } from "./integrations.ts";

const notebooklm = findIntegration("notebooklm") as Integration; // enterprise
const copilot = findIntegration("copilot") as Integration; // not enterprise

const connection = (integrationId: string, id = 1) => ({ id, integrationId });

function viewFor(
  integration: Integration,
  userRole: Role,
  { personal = false, shared = false }: { personal?: boolean; shared?: boolean } = {},
) {
  return integrationView(integration, {
    userRole,
    userConnections: personal ? [connection(integration.id, 1)] : [],
    adminConnections: shared ? [connection(integration.id, 2)] : [],
  });
}

describe("integration state (spec B §4, §6)", () => {
  it("an instructor needs an administrator first for an enterprise service: no Connect", () => {
    const view = viewFor(notebooklm, "instructor");
    expect(view).toMatchObject({
      state: "admin-required",
      label: "Admin Required",
      text: "Admin approval required. Contact your institution administrator to enable this service.",
      connected: false,
      canConnect: false,
      canConnectForInstitution: false,
    });
    // a connection attempt anyway is refused with the same words
    expect(INTEGRATION_MESSAGES.needsAdmin).toBe(view.text);
  });

  it("an instructor connects any other service personally", () => {
    expect(viewFor(copilot, "instructor")).toMatchObject({
      state: "available",
      label: "Available",
      connected: false,
      canConnect: true,
      canConnectForInstitution: false,
    });
  });

  it("an instructor with only the institution's connection sees it read-only, counted as connected", () => {
    for (const integration of [notebooklm, copilot]) {
      const view = viewFor(integration, "instructor", { shared: true });
      expect(view).toMatchObject({
        state: "admin-only",
        label: "Admin Only",
        connected: true,
        canConnect: false,
        canConnectForInstitution: false,
        personal: undefined,
        institution: undefined, // nothing they may configure or disconnect
      });
    }
  });

  it("anyone with their own connection is connected and may manage it", () => {
    for (const role of ["instructor", "admin", "super_admin"] as const) {
      const view = viewFor(notebooklm, role, { personal: true, shared: true });
      expect(view.state).toBe("connected");
      expect(view.label).toBe("Connected");
      expect(view.personal).toEqual(connection("notebooklm", 1));
      expect(view.canConnect).toBe(false);
    }
    expect(viewFor(copilot, "instructor", { personal: true }).institution).toBeUndefined();
  });

  it("an administrator sees the institution's connection as connected and manages it", () => {
    for (const role of ["admin", "super_admin"] as const) {
      const view = viewFor(notebooklm, role, { shared: true });
      expect(view).toMatchObject({
        state: "connected",
        label: "Connected",
        connected: true,
        institution: connection("notebooklm", 2),
        canConnect: true,
        canConnectForInstitution: false,
      });
    }
  });

  it("an administrator may connect an enterprise service personally or for the institution", () => {
    expect(viewFor(notebooklm, "admin")).toMatchObject({
      state: "available",
      canConnect: true,
      canConnectForInstitution: true,
    });
  });

  it("gives every state one label, whatever the screen", () => {
    const labels = new Map<string, Set<string>>();
    for (const role of ["instructor", "admin", "super_admin", "student"] as const) {
      for (const integration of [notebooklm, copilot]) {
        for (const personal of [false, true]) {
          for (const shared of [false, true]) {
            const view = viewFor(integration, role, { personal, shared });
            labels.set(view.state, (labels.get(view.state) ?? new Set()).add(view.label));
            // A Connect button only where the server accepts the connection (spec B §6).
            if (view.canConnect) expect(view.state === "available" || view.state === "connected").toBe(true);
          }
        }
      }
    }
    expect([...labels.values()].every((set) => set.size === 1)).toBe(true);
    expect([...labels.keys()].sort()).toEqual(["admin-only", "admin-required", "available", "connected"]);
  });
});
