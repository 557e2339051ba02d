/**
 * An API key as pasted, without what is often copied along with it: whitespace, an "Authorization:" or "Bearer" before
 * it (from a curl command or the docs' headers), quotes around it. The client sends "Bearer <key>" itself.
 */
export function cleanApiKey(raw: string): string {
  const unquoted = (text: string) =>
    text
      .trim()
      .replace(/^(["'“‘])(.*)(["'”’])$/s, '$2')
      .trim();
  // A key has no spaces or line breaks of its own: any left inside it came with the paste.
  return unquoted(
    unquoted(raw)
      .replace(/^authorization\s*:\s*/i, '')
      .replace(/^bearer\s+/i, ''),
  ).replace(/\s+/g, '');
}
