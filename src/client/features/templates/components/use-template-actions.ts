import { useMemo, useState } from "react";
import { useLocation } from "wouter";
import { toast } from "#client/components/ui/use-toast.ts";
import type { ExportFormat } from "#shared/domain/templates.ts";
import type { ExportTemplatesInput, Template } from "#shared/schemas/templates.ts";
import { useExportTemplates } from "../api/export-templates.ts";
import { useApproveTemplate, useRejectTemplate } from "../api/review-template.ts";
import { useStartProjectFromTemplate } from "../api/use-template.ts";

export interface TemplateActions {
  use(template: Template): void;
  exportOne(template: Template): void;
  exportMany(templateIds: number[], format: ExportFormat, onDone?: () => void): void;
  approve(template: Template): void;
  askReject(template: Template): void;
  rejecting: Template | null;
  confirmReject(reason: string): void;
  cancelReject(): void;
  busy: boolean;
}

/** The actions of the templates screen, with the spec's toasts (spec A §8). */
export function useTemplateActions(): TemplateActions {
  const [, navigate] = useLocation();
  const [rejecting, setRejecting] = useState<Template | null>(null);
  const start = useStartProjectFromTemplate();
  const exporter = useExportTemplates();
  const approver = useApproveTemplate();
  const rejecter = useRejectTemplate();

  const startMutate = start.mutate;
  const exportMutate = exporter.mutate;
  const approveMutate = approver.mutate;
  const rejectMutate = rejecter.mutate;
  const busy = start.isPending || exporter.isPending || approver.isPending || rejecter.isPending;

  // One object while nothing it holds changes, so the lists of cards can skip re-rendering when
  // another answer arrives.
  return useMemo(() => {
    const runExport = (input: ExportTemplatesInput, onDone?: () => void) => {
      if (input.templateIds.length === 0) {
        toast({
          variant: "destructive",
          title: "No Templates Selected",
          description: "Please select templates to export.",
        });
        return;
      }
      exportMutate(input, {
        onSuccess: (count) => {
          toast({
            title: "Templates Exported",
            description: `${count} template(s) exported successfully as ${input.format.toUpperCase()}.`,
          });
          onDone?.();
        },
        onError: () =>
          toast({
            variant: "destructive",
            title: "Export Failed",
            description: "Unable to export templates. Please try again.",
          }),
      });
    };

    return {
      use(template) {
        startMutate(template.id, {
          onSuccess: ({ redirectTo }) => {
            toast({
              title: "Creating Project from Template",
              description: `Opening the wizard with "${template.name}".`,
            });
            navigate(redirectTo);
          },
          onError: () =>
            toast({
              variant: "destructive",
              title: "Template Unavailable",
              description: "Only approved templates can be used to create a project.",
            }),
        });
      },
      exportOne: (template) => runExport({ templateIds: [template.id], format: "docx" }),
      exportMany: (templateIds, format, onDone) => runExport({ templateIds, format }, onDone),
      approve(template) {
        approveMutate(template.id, {
          onSuccess: () =>
            toast({
              title: "Template Approved",
              description: "Template has been approved and is now available to all users.",
            }),
          onError: () =>
            toast({
              variant: "destructive",
              title: "Approval Failed",
              description: "Unable to approve template. Please try again.",
            }),
        });
      },
      askReject: setRejecting,
      rejecting,
      confirmReject(reason) {
        if (!rejecting) return;
        rejectMutate(
          { id: rejecting.id, reason: reason.trim() || undefined },
          {
            onSuccess: () => {
              setRejecting(null);
              toast({ title: "Template Rejected", description: "Template has been rejected." });
            },
            onError: () =>
              toast({
                variant: "destructive",
                title: "Rejection Failed",
                description: "Unable to reject template. Please try again.",
              }),
          },
        );
      },
      cancelReject: () => setRejecting(null),
      busy,
    };
  }, [navigate, startMutate, exportMutate, approveMutate, rejectMutate, rejecting, busy]);
}
