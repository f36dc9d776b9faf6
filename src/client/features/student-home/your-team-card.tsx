import { Users } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import { useAuth } from "#client/lib/auth.tsx";
import { useStudentTeam } from "./api/student-team.ts";

/** The student's team and teammates on their project page, once the instructor publishes teams. */
export function YourTeamCard({ projectId }: { projectId: number }) {
  const { faculty } = useAuth();
  const query = useStudentTeam(projectId);
  const team = query.data?.team;
  if (!team) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Users aria-hidden="true" className="size-5" /> Your team: {team.name}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-1 text-sm" aria-label={`Members of ${team.name}`}>
          {team.members.map((member) => (
            <li key={member.id} className="break-words">
              {member.name}
              {member.id === faculty?.id ? " (you)" : ""}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
