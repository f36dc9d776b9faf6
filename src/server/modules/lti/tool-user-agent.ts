import packageJson from "../../../../package.json" with { type: "json" };

/** The User-Agent of every request the tool sends an LMS (some platforms refuse one without it). */
export const TOOL_USER_AGENT = `PivotAndLaunch/${packageJson.version}`;
