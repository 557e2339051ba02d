/** Port names, kept apart from the protocol's schemas so that the content script can use them without zod. */
export const EVENTS_PORT = 'factlens:events';
