import { Copy, Download } from "lucide-react";
import { CopyField } from "#client/components/copy-field.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import { downloadBlob } from "#client/lib/download.ts";
import type { LtiToolAddresses } from "#shared/schemas/lti.ts";

export const CANVAS_FILE_NAME = "pivot-and-launch-canvas.json";

/** "What your LMS needs": the tool's addresses, and Canvas's developer key as JSON to paste or upload. */
export function ToolAddressesCard({ tool }: { tool: LtiToolAddresses }) {
  const canvasJson = JSON.stringify(tool.canvasConfiguration, null, 2);
  const jsonId = "lms-canvas-configuration";

  return (
    <Card>
      <CardHeader>
        <CardTitle id="lms-needs">What your LMS needs</CardTitle>
        <CardDescription>
          Give these to the LMS's administrator to register Pivot &amp; Launch as an LTI 1.3 tool. Then add
          the platform below with the client ID and deployment ID the LMS gives back.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <CopyField id="lms-jwks-url" label="Tool JWKS URL" value={tool.jwksUrl} />
        <CopyField id="lms-login-url" label="Login URL (OpenID Connect initiation)" value={tool.loginUrl} />
        <CopyField id="lms-launch-url" label="Launch / redirect URL" value={tool.launchUrl} />
        <CopyField id="lms-deep-linking-url" label="Deep linking URL" value={tool.deepLinkingUrl} />
        <div className="grid gap-1.5">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 id={`${jsonId}-label`} className="text-sm font-medium">
              Canvas configuration (JSON)
            </h3>
            <div className="flex gap-2">
              <Button
                size="sm"
                variant="outline"
                aria-label="Copy Canvas configuration"
                onClick={() =>
                  void navigator.clipboard?.writeText(canvasJson).then(() =>
                    toast({
                      title: "Copied",
                      description: "Canvas configuration is on the clipboard.",
                    }),
                  )
                }
              >
                <Copy aria-hidden="true" />
                Copy
              </Button>
              <Button
                size="sm"
                variant="outline"
                aria-label="Download Canvas configuration"
                onClick={() =>
                  downloadBlob(new Blob([canvasJson], { type: "application/json" }), CANVAS_FILE_NAME)
                }
              >
                <Download aria-hidden="true" />
                Download
              </Button>
            </div>
          </div>
          <p className="text-sm text-muted-foreground">
            In Canvas: Admin → Developer Keys → + Developer Key → LTI Key, method “Paste JSON”.
          </p>
          <section
            aria-labelledby={`${jsonId}-label`}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
            tabIndex={0}
            className="max-h-72 overflow-auto rounded-md border bg-muted p-3"
          >
            <pre className="font-mono text-xs">{canvasJson}</pre>
          </section>
        </div>
      </CardContent>
    </Card>
  );
}
