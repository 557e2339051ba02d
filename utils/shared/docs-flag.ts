/** What FactLens asks of Google Docs' pages (docs/google-docs.md): where, and the flag's value, its own id. */

/** The value of `_docs_annotate_canvas_by_ext`: FactLens's add-on id (Docs asks only for a string that is not empty). */
export const DOCS_FLAG_VALUE = 'factlens@example.org';
/** Google Docs' documents: the one host FactLens asks for to read them, and the pages its flag is set in. */
export const DOCS_ORIGIN = 'https://docs.google.com/*';
export const DOCS_DOCUMENTS = 'https://docs.google.com/document/*';
