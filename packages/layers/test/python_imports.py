"""The oracle of the import-edge tests for Python: every import statement Python's `ast` finds,
resolved by the package layout with Python's own path finder (no module is executed).

Usage: python3 python_imports.py ROOT PATH...   (paths relative to ROOT; ROOT is sys.path[0])
Prints one JSON list of [path, specifier, name, target]: `specifier` as written (leading dots
for relative imports), `name` the imported name (`*` for `import a.b` and `from a import *`),
`target` the file (relative to ROOT) that Python would load for it, or null when that is not a
file of ROOT (the standard library outside ROOT, a namespace package, nothing at all).

For `from a import b`, the target is the submodule `a.b` when the finder finds one, else the
module `a` itself (where `b` is then an attribute), as the import system does.
"""
import ast
import json
import os
import sys
from importlib.machinery import PathFinder


def find(root, name):
    """The spec of an absolute module name, found segment by segment from ROOT without importing."""
    parts = name.split('.')
    path = [root]
    spec = None
    for i in range(len(parts)):
        spec = PathFinder.find_spec('.'.join(parts[: i + 1]), path)
        if spec is None:
            return None
        if i < len(parts) - 1:
            if not spec.submodule_search_locations:
                return None
            path = list(spec.submodule_search_locations)
    return spec


def file_of(root, spec):
    if spec is None or not spec.origin or not os.path.isfile(spec.origin):
        return None
    rel = os.path.relpath(spec.origin, root)
    return None if rel.startswith('..') else rel.replace(os.sep, '/')


def package_of(path):
    parts = path[:-3].split('/')
    return parts[:-1]  # a module's package; for pkg/__init__.py the package is pkg itself


def main():
    root, paths = os.path.abspath(sys.argv[1]), sys.argv[2:]
    out = []
    for path in paths:
        try:
            with open(os.path.join(root, path), encoding='utf-8') as handle:
                tree = ast.parse(handle.read(), filename=path)
        except (SyntaxError, UnicodeDecodeError, ValueError):
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    out.append([path, alias.name, '*', file_of(root, find(root, alias.name))])
            elif isinstance(node, ast.ImportFrom):
                specifier = '.' * node.level + (node.module or '')
                if node.level:
                    package = package_of(path)
                    if node.level - 1 > len(package):
                        continue
                    base = package[: len(package) - (node.level - 1)]
                    absolute = '.'.join(base + ([node.module] if node.module else []))
                else:
                    absolute = node.module
                if not absolute:
                    continue
                module = find(root, absolute)
                for alias in node.names:
                    if alias.name == '*':
                        out.append([path, specifier, '*', file_of(root, module)])
                        continue
                    sub = find(root, f'{absolute}.{alias.name}') if module and module.submodule_search_locations else None
                    out.append([path, specifier, alias.name, file_of(root, sub) or file_of(root, module)])
    json.dump(out, sys.stdout)


main()
