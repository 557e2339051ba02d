/** The service's documented hosts (docs/service-contract.md): the current one and the one older docs and callers use. */
export const RELEASE_HOST_PERMISSIONS = ['https://api-az.longshot.ai/*', 'https://api-v2.longshot.ai/*'] as const;
