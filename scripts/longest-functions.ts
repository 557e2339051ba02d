/** Prints the product's longest functions (utils/, components/, entrypoints/), by lines: `npx tsx scripts/longest-functions.ts`. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : /\.tsx?$/.test(name) ? [full] : [];
  });

const found: { lines: number; where: string }[] = [];
for (const file of ['utils', 'components', 'entrypoints'].flatMap(files)) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const name = (node as ts.FunctionDeclaration).name?.getText() ?? '(anonymous)';
      found.push({ lines: end - start + 1, where: `${file}:${start + 1} ${name}` });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}
for (const { lines, where } of found.sort((a, b) => b.lines - a.lines).slice(0, Number(process.argv[2] ?? 15)))
  console.log(String(lines).padStart(5), where);
