// The browser's bundle gets every *.server module as an empty module (Remix), so a page that reads a
// value imported from one gets undefined once it hydrates: a hydration mismatch, and text such as
// "Up to , each up to letters". Remix drops loader, action and headers (and what only they use) from
// the browser's bundle; this follows everything else a route module or component exports, through the
// module's own functions and constants, and fails on any *.server value it reaches.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

const root = path.resolve(__dirname, "../..");
const SERVER_ONLY_EXPORTS = new Set(["loader", "action", "headers"]);

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(relative);
    return /\.tsx?$/.test(entry.name) && !/\.server\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

/** The *.server values a module's browser-side exports reach, by name. */
function serverValuesReachedInBrowser(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const serverImports = new Set<string>();
  const declarations = new Map<string, ts.Node>();
  const roots: ts.Node[] = [];
  const isExported = (node: ts.Node) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const from = (statement.moduleSpecifier as ts.StringLiteral).text;
      const bindings = statement.importClause?.namedBindings;
      if (statement.importClause?.isTypeOnly || !/\.server(\/|$)/.test(from) || !bindings || !ts.isNamedImports(bindings)) continue;
      for (const element of bindings.elements) if (!element.isTypeOnly) serverImports.add(element.name.text);
    } else if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name) {
      declarations.set(statement.name.text, statement);
      if (isExported(statement) && !SERVER_ONLY_EXPORTS.has(statement.name.text)) roots.push(statement);
    } else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (!ts.isIdentifier(declaration.name)) continue;
        declarations.set(declaration.name.text, declaration);
        if (isExported(statement) && !SERVER_ONLY_EXPORTS.has(declaration.name.text)) roots.push(declaration);
      }
    } else if (ts.isExportAssignment(statement)) {
      roots.push(statement);
    }
  }
  const reached = new Set<string>();
  const visited = new Set<ts.Node>();
  const visit = (node: ts.Node): void => {
    if (ts.isTypeNode(node) || ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) return;
    if (ts.isIdentifier(node)) {
      const name = node.text;
      // A property name (x.name, { name: … }) or a JSX attribute name (<Form action=…>) is not a reference.
      const parent = node.parent;
      const isPropertyName =
        (ts.isPropertyAccessExpression(parent) && parent.name === node) || (ts.isPropertyAssignment(parent) && parent.name === node) || (ts.isJsxAttribute(parent) && parent.name === node);
      if (!isPropertyName) {
        if (serverImports.has(name)) reached.add(name);
        const declaration = declarations.get(name);
        if (declaration && !visited.has(declaration)) {
          visited.add(declaration);
          visit(declaration);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  for (const node of roots) {
    visited.add(node);
    visit(node);
  }
  return [...reached].sort();
}

describe("pages and components never read *.server values in the browser", () => {
  const files = [...sourceFiles("app/routes"), ...sourceFiles("app/components")];

  test.each(files)("%s", (file) => {
    expect(serverValuesReachedInBrowser(file, readFileSync(path.join(root, file), "utf8"))).toEqual([]);
  });

  test("the check finds a limit read by a page component, and ignores one only its loader reads", () => {
    const page = `
      import { json } from "@remix-run/node";
      import { LIMIT, OTHER, load } from "~/services/thing.server";
      export async function loader() { return json({ other: OTHER, data: await load() }); }
      function Hint() { return <p>Up to {LIMIT}</p>; }
      export default function Page() { return <Hint />; }
    `;
    expect(serverValuesReachedInBrowser("page.tsx", page)).toEqual(["LIMIT"]);
  });
});
