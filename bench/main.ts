/**
 * `npm run bench`: every benchmark, each against a named alternative measured in the same run.
 * - anchoring: locating and drawing 30 varied claims per corpus page, against mark.js;
 * - pipelines: progressive against one call, in the extension, against the double's realistic latency;
 * - popup: the popup's JS weight and time to interactive, against the options page;
 * - typing: typing in a checked draft, in the extension, against the same draft unchecked;
 * - page-tasks: a first check's tasks in the page's main thread, in the extension, against the page's own load;
 * - as-you-write: typing with "check as I write" on, against the same drafts without FactLens, and the calls a typed
 *   paragraph costs, against its sentences;
 * - docs: redrawing a checked Google Doc's highlights after a scroll and after its tiles are made again, against one
 *   frame and the floor of reading its layer.
 * `npm run bench -- anchoring` (or `pipelines`, `popup`, `typing`, `page-tasks`, `as-you-write`, `docs`) runs one.
 */
const only = process.argv[2];
if (!only || only === 'anchoring') {
  const { printAnchoringResults, runAnchoringBench } = await import('./anchoring');
  printAnchoringResults(await runAnchoringBench());
}
if (!only || only === 'pipelines') await import('./pipelines');
if (!only || only === 'popup') await import('./popup');
if (!only || only === 'typing') await import('./typing');
if (!only || only === 'page-tasks') await import('./page-tasks');
if (!only || only === 'as-you-write') await import('./as-you-write');
if (!only || only === 'docs') await import('./docs');
export {};
