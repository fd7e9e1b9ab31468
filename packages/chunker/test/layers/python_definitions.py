"""The oracle of the symbol-catalog tests for Python: definitions as Python's own `ast` sees them.

Usage: python3 python_definitions.py ROOT PATH...   (paths relative to ROOT)
Prints one JSON list of [path, name, kind, line] to stdout; files that do not parse are skipped.

A definition: a `def`/`async def` (`method` directly in a class body, else `function`) or a
`class`, at module or class level, including inside `if`/`try`/`with`/`for`/`while` blocks at
those levels (never inside a function body); and a module-level assignment (`x = ...`,
`x: int = ...`, `a, b = ...`, `x = y = ...`) to plain names, as `variable`, and the same in a class
body (`x: int` included), as `property`. The line is the first line of the definition, decorators
included.
"""
import ast
import json
import sys


def names(target, out):
    if isinstance(target, ast.Name):
        out.append(target.id)
    elif isinstance(target, (ast.Tuple, ast.List)):
        for element in target.elts:
            names(element, out)


def visit(body, scope, path, out):
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            line = min([d.lineno for d in node.decorator_list] + [node.lineno])
            if isinstance(node, ast.ClassDef):
                out.append([path, node.name, 'class', line])
                visit(node.body, 'class', path, out)
            else:
                out.append([path, node.name, 'method' if scope == 'class' else 'function', line])
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            found = []
            for target in (node.targets if isinstance(node, ast.Assign) else [node.target]):
                names(target, found)
            for name in found:
                out.append([path, name, 'variable' if scope == 'module' else 'property', node.lineno])
        elif isinstance(node, ast.If):
            visit(node.body, scope, path, out)
            visit(node.orelse, scope, path, out)
        elif isinstance(node, (ast.Try, getattr(ast, 'TryStar', ast.Try))):
            visit(node.body, scope, path, out)
            for handler in node.handlers:
                visit(handler.body, scope, path, out)
            visit(node.orelse, scope, path, out)
            visit(node.finalbody, scope, path, out)
        elif isinstance(node, (ast.With, ast.AsyncWith)):
            visit(node.body, scope, path, out)
        elif isinstance(node, (ast.For, ast.AsyncFor, ast.While)):
            visit(node.body, scope, path, out)
            visit(node.orelse, scope, path, out)


def main():
    root, paths = sys.argv[1], sys.argv[2:]
    out = []
    for path in paths:
        try:
            with open(f'{root}/{path}', encoding='utf-8') as handle:
                tree = ast.parse(handle.read(), filename=path)
        except (SyntaxError, UnicodeDecodeError, ValueError):
            continue
        visit(tree.body, 'module', path, out)
    json.dump(out, sys.stdout)


main()
