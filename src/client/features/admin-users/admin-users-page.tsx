import { useState } from "react";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#client/components/ui/tabs.tsx";
import { useAuth } from "#client/lib/auth.tsx";
import type { AccountStatus } from "#shared/account.ts";
import { useAdminUsers } from "./api/get-admin-users.ts";
import { STATUS_TABS } from "./components/account-labels.ts";
import { UserList } from "./components/user-list.tsx";

const isStatus = (value: string): value is AccountStatus => STATUS_TABS.some((tab) => tab.status === value);

/** /admin/users: approve or reject registrations and assign roles (admins only). */
export function AdminUsersPage() {
  const { faculty } = useAuth();
  const [status, setStatus] = useState<AccountStatus>("pending");
  const queries = {
    pending: useAdminUsers("pending"),
    approved: useAdminUsers("approved"),
    rejected: useAdminUsers("rejected"),
  };
  if (!faculty) return null;

  return (
    <div className="grid gap-6">
      <div>
        <h2 className="text-xl font-semibold tracking-tight">Accounts</h2>
        <p className="mt-1 text-sm text-muted-foreground">
          New registrations wait here until an administrator approves them.
        </p>
      </div>
      <Tabs value={status} onValueChange={(value) => isStatus(value) && setStatus(value)}>
        <TabsList aria-label="Account status">
          {STATUS_TABS.map((tab) => {
            const count = queries[tab.status].data?.length;
            return (
              <TabsTrigger key={tab.status} value={tab.status}>
                {tab.label}
                {count === undefined ? null : (
                  <span className="min-w-6 rounded-full bg-slate-200 px-1.5 py-0.5 text-xs font-semibold text-slate-800">
                    {count}
                  </span>
                )}
              </TabsTrigger>
            );
          })}
        </TabsList>
        {STATUS_TABS.map((tab) => (
          <TabsContent key={tab.status} value={tab.status}>
            <UserList
              query={queries[tab.status]}
              viewer={faculty}
              emptyText={tab.empty}
              label={`${tab.label} accounts`}
            />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
