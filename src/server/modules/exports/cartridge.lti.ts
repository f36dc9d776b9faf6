import { create } from "xmlbuilder2";
import { XML_OPTIONS, XSI_NS } from "./cartridge.xml.ts";

const LTICC_NS = "http://www.imsglobal.org/xsd/imslticc_v1p0";
const BLTI_NS = "http://www.imsglobal.org/xsd/imsbasiclti_v1p0";
const LTICM_NS = "http://www.imsglobal.org/xsd/imslticm_v1p0";
const LTICP_NS = "http://www.imsglobal.org/xsd/imslticp_v1p0";
const XMLNS = "http://www.w3.org/2000/xmlns/";
const LTI_SCHEMAS = "http://www.imsglobal.org/xsd/lti/ltiv1p0";

export interface LtiLink {
  title: string;
  description: string;
  launchUrl: string;
  /** Sent with every launch from the link (`custom_project_id` and the like). */
  custom: Record<string, string>;
}

/** A Basic LTI link as a cartridge resource (`imsbasiclti_xmlv1p0`): the LMS launches the tool with it. */
export function ltiLinkXml(link: LtiLink): string {
  const root = create(XML_OPTIONS)
    .ele(LTICC_NS, "cartridge_basiclti_link")
    .att(XMLNS, "xmlns:blti", BLTI_NS)
    .att(XMLNS, "xmlns:lticm", LTICM_NS)
    .att(XMLNS, "xmlns:lticp", LTICP_NS)
    .att(
      XSI_NS,
      "xsi:schemaLocation",
      [
        `${LTICC_NS} ${LTI_SCHEMAS}/imslticc_v1p0.xsd`,
        `${BLTI_NS} ${LTI_SCHEMAS}/imsbasiclti_v1p0p1.xsd`,
        `${LTICM_NS} ${LTI_SCHEMAS}/imslticm_v1p0.xsd`,
        `${LTICP_NS} ${LTI_SCHEMAS}/imslticp_v1p0.xsd`,
      ].join(" "),
    );
  root.ele(BLTI_NS, "blti:title").txt(link.title);
  root.ele(BLTI_NS, "blti:description").txt(link.description);
  const custom = root.ele(BLTI_NS, "blti:custom");
  for (const [name, value] of Object.entries(link.custom)) {
    custom.ele(LTICM_NS, "lticm:property", { name }).txt(value);
  }
  root.ele(BLTI_NS, "blti:launch_url").txt(link.launchUrl);
  if (link.launchUrl.startsWith("https:")) root.ele(BLTI_NS, "blti:secure_launch_url").txt(link.launchUrl);
  root
    .ele(BLTI_NS, "blti:vendor")
    .ele(LTICP_NS, "lticp:code")
    .txt("pivot-and-launch")
    .up()
    .ele(LTICP_NS, "lticp:name")
    .txt("Pivot & Launch");
  return root.end({ prettyPrint: true });
}
