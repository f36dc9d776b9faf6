import { ContributePage } from "#client/features/contribute/contribute-page.tsx";
import { DataProviders } from "./data-providers.tsx";

/** /contribute/:token, signed in or not (issue 4), with the data providers it reads the API through. */
export function ContributeRoute({ token }: { token: string }) {
  return (
    <DataProviders>
      <ContributePage token={token} />
    </DataProviders>
  );
}
