import { BouncedAddressNotice } from "#client/components/bounced-address-notice.tsx";
import { NotificationPreferencesCard } from "#client/components/notifications/notification-preferences-card.tsx";
import { useAuth } from "#client/lib/auth.tsx";
import { AccountSecurityCard } from "./components/account-security-card.tsx";
import { PersonalKeyCard } from "./components/personal-key-card.tsx";
import { ProfileDetailsCard } from "./components/profile-details-card.tsx";
import { SystemKeyCard } from "./components/system-key-card.tsx";

/**
 * /settings: profile details, account security, notifications, the personal AI key and, for the
 * super_admin, the system key (spec B §2).
 */
export function SettingsPage() {
  const { faculty } = useAuth();
  if (!faculty) return null;
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <div>
        <h2 className="text-2xl font-bold tracking-tight">Settings</h2>
        <p className="text-muted-foreground">
          Manage your profile details, account security and AI provider keys
        </p>
      </div>
      <ProfileDetailsCard key={faculty.id} faculty={faculty} />
      <BouncedAddressNotice address={faculty.email} />
      <AccountSecurityCard email={faculty.email} />
      <NotificationPreferencesCard />
      <PersonalKeyCard facultyId={faculty.id} />
      {faculty.role === "super_admin" ? <SystemKeyCard /> : null}
    </div>
  );
}
