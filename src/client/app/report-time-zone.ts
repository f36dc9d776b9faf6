import { useEffect } from "react";
import { saveTimeZone } from "#client/api/notifications/notifications.ts";

const storageKey = (facultyId: number) => `pl.timeZone.${facultyId}`;

/**
 * After sign-in or a restored session: tells the server the browser's time zone when it is not the
 * one last sent for this account (daily e-mails go out on the person's local morning).
 */
export function useReportTimeZone(facultyId: number | undefined) {
  useEffect(() => {
    if (facultyId === undefined) return;
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!zone) return;
    let stored: string | null = null;
    try {
      stored = localStorage.getItem(storageKey(facultyId));
    } catch {
      // Storage refused (private mode): send it each time.
    }
    if (stored === zone) return;
    saveTimeZone(zone).then(
      () => {
        try {
          localStorage.setItem(storageKey(facultyId), zone);
        } catch {
          // Storage refused: sent again next time.
        }
      },
      () => undefined, // an unknown zone or a lost connection: the digest keeps the zone it had
    );
  }, [facultyId]);
}
