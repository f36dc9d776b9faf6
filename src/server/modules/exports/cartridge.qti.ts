import { create } from "xmlbuilder2";
import type { RetrievalItem } from "#shared/schemas/pivot-assets.ts";
import { XML_OPTIONS, type XmlElement, XSI_NS } from "./cartridge.xml.ts";

const QTI_NS = "http://www.imsglobal.org/xsd/ims_qtiasiv1p2";
const QTI_SCHEMA = "http://www.imsglobal.org/profile/cc/ccv1p1/ccv1p1_qtiasiv1p2p1_v1p0.xsd";

/** QTI metadata: label and value pairs (the CC profile reads `cc_profile` and friends from them). */
function metadata(parent: XmlElement, fields: Record<string, string>) {
  const list = parent.ele("qtimetadata");
  for (const [label, entry] of Object.entries(fields)) {
    list.ele("qtimetadatafield").ele("fieldlabel").txt(label).up().ele("fieldentry").txt(entry);
  }
}

const material = (parent: XmlElement, text: string) =>
  parent.ele("material").ele("mattext", { texttype: "text/plain" }).txt(text);

/**
 * A concept check with its options: CC's multiple choice (one correct answer, scored 100). The
 * option's index is its identifier, so the correct index names the right one.
 */
function multipleChoice(item: XmlElement, check: RetrievalItem, options: readonly string[]) {
  metadata(item.ele("itemmetadata"), { cc_profile: "cc.multiple_choice.v0p1", cc_weighting: "1" });
  const presentation = item.ele("presentation");
  material(presentation, check.question);
  const choices = presentation
    .ele("response_lid", { ident: "response1", rcardinality: "Single" })
    .ele("render_choice", { shuffle: "No" });
  options.forEach((option, index) => {
    material(choices.ele("response_label", { ident: `choice${index + 1}` }), option);
  });
  const processing = item.ele("resprocessing");
  processing
    .ele("outcomes")
    .ele("decvar", { maxvalue: "100", minvalue: "0", varname: "SCORE", vartype: "Decimal" });
  processing
    .ele("respcondition", { continue: "No" })
    .ele("conditionvar")
    .ele("varequal", { respident: "response1" })
    .txt(`choice${(check.correctIndex ?? 0) + 1}`)
    .up()
    .up()
    .ele("setvar", { action: "Set", varname: "SCORE" })
    .txt("100");
}

/**
 * A question without options (a flashcard): CC's essay, the learner writes the answer; the card's
 * answer comes back as general feedback to compare with.
 */
function essay(item: XmlElement, question: RetrievalItem) {
  metadata(item.ele("itemmetadata"), { cc_profile: "cc.essay.v0p1", cc_weighting: "1" });
  const presentation = item.ele("presentation");
  material(presentation, question.question);
  presentation
    .ele("response_str", { ident: "response1", rcardinality: "Single" })
    .ele("render_fib")
    .ele("response_label", { ident: "answer1", rshuffle: "No" });
  const answer = question.answer?.trim();
  if (!answer) return;
  const processing = item.ele("resprocessing");
  processing
    .ele("outcomes")
    .ele("decvar", { maxvalue: "100", minvalue: "0", varname: "SCORE", vartype: "Decimal" });
  processing
    .ele("respcondition", { continue: "Yes" })
    .ele("conditionvar")
    .ele("other")
    .up()
    .up()
    .ele("displayfeedback", { feedbacktype: "Response", linkrefid: "general_fb" });
  material(item.ele("itemfeedback", { ident: "general_fb" }).ele("flow_mat"), `Expected answer: ${answer}`);
}

/**
 * The project's concept checks as one QTI 1.2 assessment of the Common Cartridge 1.1 profile
 * (`imsqti_xmlv1p2/imscc_xmlv1p1/assessment`): multiple choice where the item has options,
 * otherwise an essay question.
 */
export function conceptChecksQti(
  identifier: string,
  title: string,
  questions: readonly RetrievalItem[],
): string {
  const root = create(XML_OPTIONS)
    .ele(QTI_NS, "questestinterop")
    .att(XSI_NS, "xsi:schemaLocation", `${QTI_NS} ${QTI_SCHEMA}`);
  const assessment = root.ele("assessment", { ident: identifier, title });
  metadata(assessment, {
    cc_profile: "cc.exam.v0p1",
    qmd_assessmenttype: "Examination",
    cc_maxattempts: "unlimited",
  });
  const section = assessment.ele("section", { ident: "root_section" });
  for (const question of questions) {
    const item = section.ele("item", { ident: `item_${question.id}`, title: question.pivotCardTitle });
    const options = question.options ?? [];
    if (options.length >= 2) multipleChoice(item, question, options);
    else essay(item, question);
  }
  return root.end({ prettyPrint: true });
}
