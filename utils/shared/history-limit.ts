/** How many checks the history keeps: the worker trims to it, and the popup says it. */
export const MAX_HISTORY = 50;
