import { expect, it } from "vitest";
import { loggableUrl } from "./loggable-url.ts";

it("keeps secrets of sign-in, launch and registration addresses out of the log", () => {
  expect(loggableUrl("/lti/complete?code=abc123")).toBe("/lti/complete?code=%5Bredacted%5D");
  expect(
    loggableUrl(
      "/lti/register?invitation=inv&openid_configuration=https%3A%2F%2Flms.test&registration_token=t",
    ),
  ).toBe(
    "/lti/register?invitation=%5Bredacted%5D&openid_configuration=https%3A%2F%2Flms.test&registration_token=%5Bredacted%5D",
  );
  expect(loggableUrl("/api/auth/sso/p/callback?code=c&state=s&iss=https://idp")).not.toMatch(/=c&|=s&/);
  expect(loggableUrl("/api/projects?limit=5&q=bridges")).toBe("/api/projects?limit=5&q=bridges");
  expect(loggableUrl("/api/health")).toBe("/api/health");
});

it("keeps a calendar feed's token out of the log", () => {
  expect(loggableUrl("/api/calendar/AbC-123_xyz.ics")).toBe("/api/calendar/[redacted].ics");
  expect(loggableUrl("/api/calendar/AbC-123_xyz.ics?x=1")).toBe("/api/calendar/[redacted].ics?x=1");
});
