import { Link } from "wouter";

/** A milestone page's answer when the milestone is gone or is not one of the viewer's projects'. */
export function MilestoneNotFound({ backHref }: { backHref: string }) {
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight">Milestone not found</h1>
      <p>
        This milestone is not one of your projects'.{" "}
        <Link href={backHref} className="underline">
          Back to My Projects
        </Link>
      </p>
    </>
  );
}
