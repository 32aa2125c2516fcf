import type { BetterAuthPlugin } from 'better-auth';
import { validateAuthorizationCode } from 'better-auth';

interface Discovery {
  authorization_endpoint: string;
  token_endpoint: string;
}

/**
 * Points Better Auth's Google provider at another OpenID Connect server (`GOOGLE_DISCOVERY_URL`).
 * Only tests set it (a local OIDC server stands in for Google); everything else about the provider,
 * the state check, the callback and the account linking, stays Better Auth's own code path.
 */
export function googleDiscoveryOverride(discoveryUrl: string): BetterAuthPlugin {
  let discovery: Promise<Discovery> | undefined;
  const discover = () =>
    (discovery ??= fetch(discoveryUrl).then(async (response) => {
      if (!response.ok) throw new Error(`OpenID discovery failed: ${response.status}`);
      return (await response.json()) as Discovery;
    }));
  return {
    id: 'flowbay-google-discovery',
    init(context) {
      const google = context.socialProviders.find((provider) => provider.id === 'google');
      if (!google) return;
      const createAuthorizationURL = google.createAuthorizationURL.bind(google);
      google.createAuthorizationURL = async (input) => {
        const url = await createAuthorizationURL(input);
        const endpoint = new URL((await discover()).authorization_endpoint);
        endpoint.search = url.search;
        return endpoint;
      };
      google.validateAuthorizationCode = async ({ code, codeVerifier, redirectURI }) =>
        validateAuthorizationCode({
          code,
          codeVerifier,
          redirectURI,
          options: google.options ?? {},
          tokenEndpoint: (await discover()).token_endpoint,
        });
    },
  };
}
