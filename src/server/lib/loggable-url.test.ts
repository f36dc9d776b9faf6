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
