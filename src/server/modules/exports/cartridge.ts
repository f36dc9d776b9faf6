import JSZip from "jszip";
import { create } from "xmlbuilder2";
import type { PivotCard, RetrievalItem, WorkedExample } from "#shared/schemas/pivot-assets.ts";
import { ltiLinkXml } from "./cartridge.lti.ts";
import {
  type CartridgeProject,
  launchBriefDocument,
  pivotCardDocument,
  pivotConceptsDocument,
  workedExampleDocument,
} from "./cartridge.pages.ts";
import { conceptChecksQti } from "./cartridge.qti.ts";
import { CC_PROFILE, XML_OPTIONS, XSI_NS } from "./cartridge.xml.ts";
import type { ExportDocument } from "./export-document.ts";
import { renderHtml } from "./html.renderer.ts";

const CP_NS = "http://www.imsglobal.org/xsd/imsccv1p1/imscp_v1p1";
const LOM_MANIFEST_NS = "http://ltsc.ieee.org/xsd/imsccv1p1/LOM/manifest";
const LOM_RESOURCE_NS = "http://ltsc.ieee.org/xsd/imsccv1p1/LOM/resource";
const XMLNS = "http://www.w3.org/2000/xmlns/";

/** Everything a project's cartridge holds, in the order the LMS lists it. */
export interface CartridgeContent {
  project: CartridgeProject;
  cards: readonly PivotCard[];
  examples: readonly WorkedExample[];
  /** The questions on the project's cards (concept checks and flashcards). */
  questions: readonly RetrievalItem[];
  /** The tool's LTI launch address (lti.service.ts's toolAddresses). */
  launchUrl: string;
  /** The language of the texts (LOM's and the pages' `lang`). */
  language?: string;
}

type ResourceType = "webcontent" | "imsqti_xmlv1p2/imscc_xmlv1p1/assessment" | "imsbasiclti_xmlv1p0";

/** One learning object: a manifest resource, its organization item, and the one file it is. */
interface CartridgeResource {
  identifier: string;
  title: string;
  type: ResourceType;
  path: string;
  body: string | Buffer;
}

const page = (
  identifier: string,
  title: string,
  path: string,
  document: ExportDocument,
): CartridgeResource => ({
  identifier,
  title,
  type: "webcontent",
  path,
  body: renderHtml(document),
});

/**
 * The resources in their order: the launch brief, the pivot concepts, one page per card and per
 * worked example, the concept checks (when there are questions), the LTI link back to the project.
 */
function cartridgeResources(content: CartridgeContent): CartridgeResource[] {
  const { project } = content;
  return [
    page("brief", "Launch brief", "pages/launch-brief.html", launchBriefDocument(project)),
    page(
      "concepts",
      "Pivot concepts",
      "pages/pivot-concepts.html",
      pivotConceptsDocument(project, content.cards),
    ),
    ...content.cards.map((card) =>
      page(
        `card_${card.id}`,
        `Pivot card: ${card.title}`,
        `pages/card-${card.id}.html`,
        pivotCardDocument(card),
      ),
    ),
    ...content.examples.map((example) =>
      page(
        `example_${example.id}`,
        `Worked example: ${example.title}`,
        `pages/example-${example.id}.html`,
        workedExampleDocument(example),
      ),
    ),
    ...(content.questions.length > 0
      ? [
          {
            identifier: "concept_checks",
            title: "Concept checks",
            type: "imsqti_xmlv1p2/imscc_xmlv1p1/assessment" as const,
            // CC 1.1: an assessment's QTI file sits in a folder of its own.
            path: "concept_checks/assessment.xml",
            body: conceptChecksQti(
              "concept_checks_assessment",
              `${project.title}: concept checks`,
              content.questions,
            ),
          },
        ]
      : []),
    {
      identifier: "project_link",
      title: project.title,
      type: "imsbasiclti_xmlv1p0",
      path: "project_link.xml",
      body: ltiLinkXml({
        title: project.title,
        description: `The project "${project.title}" in Pivot & Launch.`,
        launchUrl: content.launchUrl,
        custom: { project_id: String(project.id) },
      }),
    },
  ];
}

/** imsmanifest.xml: LOM metadata (the title), one organization item per resource, the resources. */
function manifestXml(content: CartridgeContent, resources: readonly CartridgeResource[]): string {
  const language = content.language ?? "en";
  const manifest = create(XML_OPTIONS)
    .ele(CP_NS, "manifest", { identifier: `pivot_and_launch_project_${content.project.id}` })
    .att(XMLNS, "xmlns:lomimscc", LOM_MANIFEST_NS)
    .att(XMLNS, "xmlns:lom", LOM_RESOURCE_NS)
    .att(
      XSI_NS,
      "xsi:schemaLocation",
      [
        `${CP_NS} ${CC_PROFILE}/ccv1p1_imscp_v1p2_v1p0.xsd`,
        `${LOM_MANIFEST_NS} ${CC_PROFILE}/LOM/ccv1p1_lommanifest_v1p0.xsd`,
        `${LOM_RESOURCE_NS} ${CC_PROFILE}/LOM/ccv1p1_lomresource_v1p0.xsd`,
      ].join(" "),
    );

  const metadata = manifest.ele("metadata");
  metadata.ele("schema").txt("IMS Common Cartridge").up().ele("schemaversion").txt("1.1.0");
  const general = metadata.ele(LOM_MANIFEST_NS, "lomimscc:lom").ele(LOM_MANIFEST_NS, "lomimscc:general");
  general
    .ele(LOM_MANIFEST_NS, "lomimscc:title")
    .ele(LOM_MANIFEST_NS, "lomimscc:string", { language })
    .txt(content.project.title);
  general.ele(LOM_MANIFEST_NS, "lomimscc:language").txt(language);

  const root = manifest
    .ele("organizations")
    .ele("organization", { identifier: "organization", structure: "rooted-hierarchy" })
    .ele("item", { identifier: "root" });
  for (const resource of resources) {
    root
      .ele("item", { identifier: `item_${resource.identifier}`, identifierref: resource.identifier })
      .ele("title")
      .txt(resource.title);
  }

  const list = manifest.ele("resources");
  for (const resource of resources) {
    const attributes: Record<string, string> = { identifier: resource.identifier, type: resource.type };
    if (resource.type === "webcontent") attributes.href = resource.path;
    list.ele("resource", attributes).ele("file", { href: resource.path });
  }
  return manifest.end({ prettyPrint: true });
}

/** A project as an IMS Common Cartridge 1.1 package: the manifest and every resource's file, zipped. */
export async function buildCartridge(content: CartridgeContent): Promise<Buffer> {
  const resources = cartridgeResources(content);
  const zip = new JSZip();
  zip.file("imsmanifest.xml", manifestXml(content, resources));
  for (const resource of resources) zip.file(resource.path, resource.body);
  return zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE", platform: "UNIX" });
}
