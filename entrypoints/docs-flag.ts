/**
 * Asks Google Docs for its annotation layer (docs/google-docs.md): sets `window._docs_annotate_canvas_by_ext` in the
 * page's own world before Docs' scripts run. Registered at document_start on docs.google.com's documents only once the
 * user allowed FactLens there (see docs-access.ts): in Chrome in the page's main world; in Firefox in the content
 * script's world, through `wrappedJSObject`, which writes the page's own window.
 */
import { defineUnlistedScript } from '#imports';
import { DOCS_FLAG_VALUE } from '@/utils/shared/docs-flag';

export default defineUnlistedScript(() => {
  const page = (window as unknown as { wrappedJSObject?: Record<string, unknown> }).wrappedJSObject;
  const target = (page ?? window) as unknown as Record<string, unknown>;
  // A value the page set first (another extension's) stays: Docs only asks that it be there.
  if (typeof target._docs_annotate_canvas_by_ext !== 'string' || !target._docs_annotate_canvas_by_ext)
    target._docs_annotate_canvas_by_ext = DOCS_FLAG_VALUE;
});
