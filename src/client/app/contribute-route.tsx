import { lazy, Suspense } from "react";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { ContributePage } from "#client/features/contribute/contribute-page.tsx";
import { DataProviders } from "./data-providers.tsx";

/** The check-in tab is its own chunk, loaded when opened: the contribution form stays light. */
const PublicCheckIn = lazy(() =>
  import("#client/features/cognitive-load/components/public-check-in.tsx").then((module) => ({
    default: module.PublicCheckIn,
  })),
);

/** /contribute/:token, signed in or not, with the data providers it reads the API through. */
export function ContributeRoute({ token }: { token: string }) {
  return (
    <DataProviders>
      <ContributePage
        token={token}
        checkIn={
          <Suspense fallback={<Spinner className="py-8" />}>
            <PublicCheckIn token={token} />
          </Suspense>
        }
      />
    </DataProviders>
  );
}
