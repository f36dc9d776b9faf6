import type { AppModule } from "../../context.ts";
import { createIdentityProvidersRepository } from "./identity-providers.repository.ts";
import { identityProviderRoutes } from "./identity-providers.routes.ts";
import { createIdentityProvidersService } from "./identity-providers.service.ts";
import { OidcConfigurations } from "./oidc.ts";
import { createSsoService } from "./sso.service.ts";

/** Institution sign-in: the identity providers (Administration → Sign-in) and the flows through them. */
export const identityProvidersModule: AppModule = ({
  db,
  box,
  accounts,
  sessions,
  config,
  limits,
  now,
  log,
}) => {
  const providers = createIdentityProvidersRepository(db);
  const configurations = new OidcConfigurations();
  return identityProviderRoutes({
    admin: createIdentityProvidersService({ providers, box, configurations }),
    sso: createSsoService({ providers, accounts, sessions, box, configurations, now, log }),
    providers,
    publicUrl: config.publicUrl,
    perAddress: limits.limiter("sso-address", {
      limit: config.rateLimit.perAddressPerMinute,
      windowMs: 60_000,
    }),
    session: config.session,
  });
};
