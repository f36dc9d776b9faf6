import { ExternalLink, FileText } from "lucide-react";
import { useDownloadSubmissionFile } from "#client/api/submissions/download-submission-file.ts";
import { Button } from "#client/components/ui/button.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import { getErrorMessage } from "#client/lib/api-client.ts";
import type { SubmissionVersion } from "#shared/schemas/submissions.ts";

/**
 * What a version of a submission holds, for its student and for the instructor alike: its text, its
 * link (opening in a new tab) and its files, each downloaded through the API.
 */
export function SubmissionWork({ version }: { version: Pick<SubmissionVersion, "text" | "link" | "files"> }) {
  const download = useDownloadSubmissionFile();
  return (
    <>
      {version.text ? <p className="text-sm whitespace-pre-wrap break-words">{version.text}</p> : null}
      {version.link ? (
        <a
          href={version.link}
          target="_blank"
          rel="noreferrer noopener"
          className="inline-flex items-center gap-1 text-sm underline break-all"
        >
          <ExternalLink aria-hidden="true" className="size-4 shrink-0" /> {version.link}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      ) : null}
      {version.files.length > 0 ? (
        <ul className="grid gap-1 text-sm">
          {version.files.map((file) => (
            <li key={file.id}>
              <Button
                variant="link"
                className="h-auto justify-start whitespace-normal break-all p-0 text-left text-foreground underline"
                aria-busy={download.isPending && download.variables?.id === file.id}
                onClick={() =>
                  download.mutate(file, {
                    onError: (error) =>
                      toast({
                        title: "Not downloaded",
                        description: getErrorMessage(error, `${file.originalName} could not be downloaded.`),
                        variant: "destructive",
                      }),
                  })
                }
              >
                <FileText aria-hidden="true" /> {file.originalName}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
