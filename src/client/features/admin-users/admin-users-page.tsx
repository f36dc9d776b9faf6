import { useState } from "react";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { Pager } from "#client/components/ui/pager.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#client/components/ui/tabs.tsx";
import { useAuth } from "#client/lib/auth.tsx";
import { useDebounced } from "#client/lib/use-debounced.ts";
import type { AccountStatus } from "#shared/account.ts";
import { ACCOUNTS_PAGE_SIZE, useAdminUsers } from "./api/get-admin-users.ts";
import { STATUS_TABS } from "./components/account-labels.ts";
import { UserList } from "./components/user-list.tsx";

const isStatus = (value: string): value is AccountStatus => STATUS_TABS.some((tab) => tab.status === value);

/** /admin/users: approve or reject registrations and assign roles (admins only), a page at a time. */
export function AdminUsersPage() {
  const { faculty } = useAuth();
  const [status, setStatus] = useState<AccountStatus>("pending");
  const [search, setSearch] = useState("");
  const [pages, setPages] = useState<Record<AccountStatus, number>>({ pending: 0, approved: 0, rejected: 0 });
  const q = useDebounced(search.trim(), 300);
  const queries = {
    pending: useAdminUsers({ status: "pending", q, page: pages.pending }),
    approved: useAdminUsers({ status: "approved", q, page: pages.approved }),
    rejected: useAdminUsers({ status: "rejected", q, page: pages.rejected }),
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
      <div className="grid max-w-md gap-1.5">
        <Label htmlFor="account-search">Search accounts</Label>
        <Input
          id="account-search"
          type="search"
          placeholder="Name or e-mail"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPages({ pending: 0, approved: 0, rejected: 0 });
          }}
        />
      </div>
      <Tabs value={status} onValueChange={(value) => isStatus(value) && setStatus(value)}>
        <TabsList aria-label="Account status">
          {STATUS_TABS.map((tab) => {
            const count = queries[tab.status].data?.total;
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
        {STATUS_TABS.map((tab) => {
          const query = queries[tab.status];
          const total = query.data?.total ?? 0;
          return (
            <TabsContent key={tab.status} value={tab.status} className="grid gap-4">
              <UserList
                query={query}
                viewer={faculty}
                emptyText={q ? `No ${tab.label.toLowerCase()} accounts match "${q}".` : tab.empty}
                label={`${tab.label} accounts`}
              />
              <Pager
                label={`${tab.label} account pages`}
                page={pages[tab.status]}
                pageSize={ACCOUNTS_PAGE_SIZE}
                total={total}
                noun={["account", "accounts"]}
                onPage={(page) => setPages({ ...pages, [tab.status]: page })}
                hideSinglePage
              />
            </TabsContent>
          );
        })}
      </Tabs>
    </div>
  );
}
