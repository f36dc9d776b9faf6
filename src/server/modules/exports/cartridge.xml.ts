import type { create } from "xmlbuilder2";

/** An element being built. */
export type XmlElement = ReturnType<typeof create>;

/**
 * How every XML file of the cartridge is written: xmlbuilder2 escapes every text and attribute,
 * and drops the characters XML 1.0 cannot hold (a stored answer may hold them).
 */
export const XML_OPTIONS = { version: "1.0", encoding: "UTF-8", invalidCharReplacement: "" } as const;

export const XSI_NS = "http://www.w3.org/2001/XMLSchema-instance";
/** Where the profile's schemas are published (xsi:schemaLocation: a hint for validators and LMSs). */
export const CC_PROFILE = "http://www.imsglobal.org/profile/cc/ccv1p1";
