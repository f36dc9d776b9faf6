import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  ltiHtmlPageResponse,
  ltiRegistrationInvitationInputSchema,
  ltiRegistrationInvitationSchema,
  ltiRegistrationQuerySchema,
} from "#shared/schemas/lti.ts";
import { access } from "../../lib/access.ts";
import { isRegistrationRefusal } from "./lti.errors.ts";
import type { LtiRegistrationService } from "./lti-registration.service.ts";
import { sendPlainPage } from "./plain-page.ts";

const registeredPage = ltiHtmlPageResponse("The tool is registered: the page tells the LMS to close it");
const refusedPage = (why: string) => ltiHtmlPageResponse(`Registration refused (${why}), in one sentence`);

/** Dynamic Registration 1.0 §3.6.2: the tool tells the LMS that it may close the registration's window. */
const CLOSE_SCRIPT =
  '(window.opener || window.parent).postMessage({ subject: "org.imsglobal.lti.close" }, "*");';

export const ltiRegistrationRoutes =
  (registration: LtiRegistrationService): FastifyPluginAsyncZod =>
  async (app) => {
    // Administration → LMS: an address for one LMS to register itself, for one institution.
    app.post(
      "/api/admin/lti/registration-invitations",
      {
        config: { access: access.superAdmin() },
        schema: {
          body: ltiRegistrationInvitationInputSchema,
          response: { 201: ltiRegistrationInvitationSchema },
        },
      },
      async (request, reply) => reply.code(201).send(await registration.invite(request.body.institution)),
    );

    // Public by design: the LMS's administrator opens it inside the LMS; the invitation in the
    // address is what lets it register. Every refusal is a page for that person, never JSON.
    app.get(
      "/lti/register",
      {
        config: { access: access.public() },
        attachValidation: true,
        schema: {
          querystring: ltiRegistrationQuerySchema,
          response: {
            200: registeredPage,
            400: refusedPage("the invitation or the request"),
            409: refusedPage("registered for another institution"),
            502: refusedPage("the LMS's configuration or answer"),
          },
        },
      },
      async (request, reply) => {
        // A repeated parameter fails validation: it counts as absent, which the service refuses.
        const query = request.validationError ? {} : request.query;
        try {
          const { issuer } = await registration.register({
            invitation: query.invitation,
            openidConfiguration: query.openid_configuration,
            registrationToken: query.registration_token,
          });
          return sendPlainPage(reply, 200, {
            title: "Registered",
            message: `Pivot & Launch is registered with ${new URL(issuer).host}. You can close this window.`,
            script: CLOSE_SCRIPT,
          });
        } catch (error) {
          if (!isRegistrationRefusal(error)) throw error;
          return sendPlainPage(reply, error.statusCode, {
            title: "Registration refused",
            message: error.message,
          });
        }
      },
    );
  };
