/** Identity providers a user may connect (POST /users/me/connect-provider, config/oauth.ts) */
export const OAUTH_PROVIDERS = ['google', 'apple', 'microsoft'] as const
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number]
