/** The privacy policy as one of the extension's own pages (privacy.html), made from PRIVACY.md at build time. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { marked } from 'marked';

const STYLE = `
  :root { color-scheme: light dark; font: 15px/1.55 system-ui, sans-serif; }
  main { max-width: 46rem; margin: 2rem auto; padding: 0 1rem; }
  table { border-collapse: collapse; margin: 1rem 0; }
  th, td { border: 1px solid #8888; padding: 0.35rem 0.6rem; text-align: left; vertical-align: top; }
  code { font-size: 0.92em; }
`;

/** `root`: the project's root, where PRIVACY.md is. */
export function privacyPage(root: string): string {
  const body = marked.parse(readFileSync(join(root, 'PRIVACY.md'), 'utf8'), { async: false });
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>FactLens privacy policy</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`
  );
}
