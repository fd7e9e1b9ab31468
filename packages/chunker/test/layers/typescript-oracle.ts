import ts from 'typescript'

/** One definition as the TypeScript compiler sees it. */
export interface Definition {
  readonly path: string
  readonly name: string
  readonly kind: string
  /** 1-based line of the declaration's first token (decorators and modifiers included). */
  readonly line: number
}

function scriptKind(path: string): ts.ScriptKind {
  if (path.endsWith('.tsx')) return ts.ScriptKind.TSX
  if (path.endsWith('.jsx')) return ts.ScriptKind.JSX
  if (/\.[cm]?js$/.test(path)) return ts.ScriptKind.JS
  return ts.ScriptKind.TS
}

const isFunctionValue = (node: ts.Node | undefined): boolean => !!node && (ts.isArrowFunction(node) || ts.isFunctionExpression(node))

/** The object literal a value is, through `as const`, `satisfies` and parentheses. */
function objectLiteral(node: ts.Expression | undefined): ts.ObjectLiteralExpression | undefined {
  let value = node
  while (value && ((ts.isAsExpression(value) && ts.isConstTypeReference(value.type)) || ts.isSatisfiesExpression(value) || ts.isParenthesizedExpression(value))) value = value.expression
  return value && ts.isObjectLiteralExpression(value) ? value : undefined
}

/** The names a binding pattern binds, by the compiler's own reading: `{ a, b: c, ...d }` binds `a`, `c`, `d`; nested patterns too. */
function boundNames(name: ts.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text]
  const out: string[] = []
  for (const element of name.elements) if (!ts.isOmittedExpression(element)) out.push(...boundNames(element.name))
  return out
}

/**
 * The catalog's definition of a definition, computed with the TypeScript compiler API (the oracle
 * of the symbol-catalog tests): functions (overloads each), classes, interfaces, type aliases,
 * enums and namespaces or ambient modules at the top of a file or inside a namespace; methods,
 * constructors, accessors and function-valued properties of classes; method signatures of
 * interfaces; properties of classes and interfaces annotated with a function type
 * (`reject: (error: unknown) => void`); every other property of a class or an interface (`count: number`,
 * `items = new Items()`, `tag?: string`); and top-level or namespace-level variables (`const` as `constant`, `let`/`var` as
 * `variable`; a function or class expression as `function` or `class`; each name a destructuring
 * declaration binds), with the methods, accessors and function-valued properties of an object
 * literal such a variable holds without a declared type (and of one its property holds) as `method`s. Nameless declarations
 * and locals inside function bodies are not definitions.
 */
export function typescriptDefinitions(path: string, text: string): Definition[] {
  const sf = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, scriptKind(path))
  const out: Definition[] = []
  const line = (node: ts.Node): number => sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1
  const add = (name: string, kind: string, node: ts.Node): void => {
    out.push({ path, name, kind, line: line(node) })
  }
  const nameText = (name: ts.PropertyName | ts.BindingName | ts.DeclarationName): string | undefined =>
    ts.isIdentifier(name) || ts.isPrivateIdentifier(name) ? name.text : ts.isComputedPropertyName(name) ? name.getText(sf) : undefined

  const members = (nodes: ts.NodeArray<ts.ClassElement> | ts.NodeArray<ts.TypeElement>): void => {
    for (const member of nodes) {
      if (ts.isConstructorDeclaration(member)) add('constructor', 'method', member)
      else if ((ts.isMethodDeclaration(member) || ts.isGetAccessor(member) || ts.isSetAccessor(member) || ts.isMethodSignature(member)) && member.name) {
        const name = nameText(member.name)
        if (name) add(name, 'method', member)
      } else if ((ts.isPropertyDeclaration(member) && isFunctionValue(member.initializer)) || ((ts.isPropertyDeclaration(member) || ts.isPropertySignature(member)) && member.type && ts.isFunctionTypeNode(member.type))) {
        const name = nameText(member.name)
        if (name) add(name, 'method', member)
      } else if (ts.isPropertyDeclaration(member) || ts.isPropertySignature(member)) {
        const name = nameText(member.name)
        if (name) add(name, 'property', member)
      }
    }
  }

  // The functions an object literal a variable holds: its methods, accessors and function-valued
  // properties, and those of an object literal one of its properties holds (one level down).
  const objectMembers = (object: ts.ObjectLiteralExpression, depth: number): void => {
    for (const property of object.properties) {
      const name = property.name === undefined ? undefined : nameText(property.name)
      if (!name || !(ts.isIdentifier(property.name!) || ts.isPrivateIdentifier(property.name!))) continue
      if (ts.isMethodDeclaration(property) || ts.isGetAccessor(property) || ts.isSetAccessor(property) || (ts.isPropertyAssignment(property) && isFunctionValue(property.initializer))) add(name, 'method', property)
      else if (ts.isPropertyAssignment(property) && depth < 2) {
        const nested = objectLiteral(property.initializer)
        if (nested && nested === property.initializer) objectMembers(nested, depth + 1)
      }
    }
  }

  const statements = (nodes: ts.NodeArray<ts.Statement>): void => {
    for (const node of nodes) {
      // An anonymous default export is the symbol TypeScript calls `default`.
      const anonymous = !(ts.isFunctionDeclaration(node) || ts.isClassDeclaration(node)) || node.name ? undefined : 'default'
      if (ts.isFunctionDeclaration(node) && (node.name || anonymous)) add(node.name?.text ?? 'default', 'function', node)
      else if (ts.isClassDeclaration(node) && (node.name || anonymous)) {
        add(node.name?.text ?? 'default', 'class', node)
        members(node.members)
      } else if (ts.isExportAssignment(node) && !node.isExportEquals && isFunctionValue(node.expression)) add('default', 'function', node)
      else if (ts.isExportAssignment(node) && !node.isExportEquals && ts.isClassExpression(node.expression) && !node.expression.name) {
        add('default', 'class', node)
        members(node.expression.members)
      } else if (ts.isInterfaceDeclaration(node)) {
        add(node.name.text, 'interface', node)
        members(node.members)
      } else if (ts.isTypeAliasDeclaration(node)) add(node.name.text, 'type', node)
      else if (ts.isEnumDeclaration(node)) {
        add(node.name.text, 'enum', node)
        // Its members, each a constant of the enum.
        for (const member of node.members) {
          const name = ts.isIdentifier(member.name) ? member.name.text : undefined
          if (name) add(name, 'constant', member)
        }
      }
      else if (ts.isModuleDeclaration(node)) {
        // `namespace A.B {}` is one declaration to a reader (and to the catalog): `A.B`.
        let name = node.name.text
        let body = node.body
        while (body && ts.isModuleDeclaration(body)) {
          name += `.${body.name.text}`
          body = body.body
        }
        add(name, 'module', node)
        if (body && ts.isModuleBlock(body)) statements(body.statements)
      } else if (ts.isVariableStatement(node)) {
        const constant = (node.declarationList.flags & ts.NodeFlags.Const) !== 0
        for (const declaration of node.declarationList.declarations) {
          // A destructuring declaration declares each name its pattern binds (`const { a, b: c } = f()`).
          if (!ts.isIdentifier(declaration.name)) {
            for (const name of boundNames(declaration.name)) add(name, constant ? 'constant' : 'variable', node)
            continue
          }
          const init = declaration.initializer
          if (isFunctionValue(init)) add(declaration.name.text, 'function', node)
          else if (init && ts.isClassExpression(init)) {
            add(declaration.name.text, 'class', node)
            members(init.members)
          } else {
            add(declaration.name.text, constant ? 'constant' : 'variable', node)
            // (A declared type's members are what the object's are: `const p: Provider = {...}`.)
            const object = declaration.type ? undefined : objectLiteral(init)
            if (object) objectMembers(object, 1)
          }
        }
      }
    }
  }
  statements(sf.statements)
  return out
}
