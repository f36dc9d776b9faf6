import { useEffect } from "react";
import { Redirect, Route, Switch, useLocation } from "wouter";
import { CheckInsPage } from "./check-ins-page.tsx";
import { JoinRoute } from "./join-route.tsx";
import { MilestonePage } from "./milestone-page.tsx";
import { MyProjectsPage } from "./my-projects-page.tsx";
import { takePendingJoinCode } from "./pending-join.ts";
import { PracticePage } from "./practice-page.tsx";
import { ProfilePage } from "./profile-page.tsx";
import { StudentLayout } from "./student-layout.tsx";
import { StudentProjectPage } from "./student-project-page.tsx";

/**
 * The student's own space: its navigation (My Projects, Practice, Check-ins, Profile),
 * the list of their projects with a join form, a project's page (with contributing, checking in
 * and leaving), practice, their check-ins, their profile with their data, and /join/:code. Any
 * other address leads to /student: no instructor screen is reachable.
 */
export function StudentHomePage() {
  const [, navigate] = useLocation();
  // A code kept from a signed-out visit of /join/:code is joined now.
  useEffect(() => {
    const code = takePendingJoinCode();
    if (code) navigate(`/join/${code}`, { replace: true });
  }, [navigate]);
  return (
    <StudentLayout>
      <Switch>
        <Route path="/join/:code">{(params) => <JoinRoute code={params.code} />}</Route>
        <Route path="/student/practice">
          <PracticePage />
        </Route>
        <Route path="/student/projects/:id/milestones/:milestoneId">
          <MilestonePage />
        </Route>
        <Route path="/student/projects/:id">
          <StudentProjectPage />
        </Route>
        <Route path="/student/check-ins">
          <CheckInsPage />
        </Route>
        <Route path="/student/profile">
          <ProfilePage />
        </Route>
        <Route path="/student">
          <MyProjectsPage />
        </Route>
        {/* Any other address (the /dashboard a sign-in opens, an instructor screen): the student's home. */}
        <Route>
          <Redirect to="/student" replace />
        </Route>
      </Switch>
    </StudentLayout>
  );
}
