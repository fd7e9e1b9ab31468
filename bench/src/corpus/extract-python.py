"""Extract the CodeSearchNet-style evaluation corpus from this interpreter's standard library.

Usage: python3 extract-python.py [--max-files N]

Prints one JSON object on stdout:
  {"root": <stdlib dir>, "python": <version>, "files": [{"path", "content"}],
   "functions": [{"file", "name", "qname", "startLine", "endLine", "docstring"}]}

- The standard library is located with sysconfig (never a fixed path).
- Skipped: site-packages, __pycache__, test/tests directories, idlelib, lib2to3, turtledemo,
  ensurepip and pydoc_data (generated help text), and files that are not UTF-8 or do not parse.
- "content" is the file with every docstring (module, class, function) removed: the docstring's
  lines become blank lines, so line numbers stay right. A docstring that was the only statement
  of its body becomes `pass`, so the stripped file still parses.
- "functions" lists every def / async def (methods and nested functions included) that has a
  docstring; "docstring" is ast.get_docstring(clean=True); startLine is the first decorator line
  or the def line, endLine the last line of the body (1-based, inclusive).
"""

import ast
import json
import os
import sys
import sysconfig

SKIP_DIRS = {"site-packages", "__pycache__", "test", "tests", "idlelib", "lib2to3", "turtledemo", "ensurepip", "pydoc_data"}


def docstring_node(node):
    body = getattr(node, "body", None)
    if not body:
        return None
    first = body[0]
    if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
        return first
    return None


def strip_docstrings(source_bytes, tree):
    """Blank every docstring in place; returns the new text."""
    lines = source_bytes.split(b"\n")
    holders = [n for n in ast.walk(tree) if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))]
    for holder in holders:
        doc = docstring_node(holder)
        if doc is None:
            continue
        sole = len(holder.body) == 1
        first, last = doc.lineno - 1, doc.end_lineno - 1
        # col offsets are UTF-8 byte offsets, hence the byte lines.
        head = lines[first][: doc.col_offset]
        tail = lines[last][doc.end_col_offset :]
        replacement = b"pass" if sole else b""
        if first == last:
            lines[first] = head + replacement + tail
        else:
            lines[first] = head + replacement
            for i in range(first + 1, last):
                lines[i] = b""
            lines[last] = tail
        for i in range(first, last + 1):
            if lines[i].strip() == b"":
                lines[i] = b""
    return b"\n".join(lines).decode("utf-8")


def functions_of(tree):
    out = []

    def visit(node, trail):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                qname = ".".join(trail + [child.name])
                doc = ast.get_docstring(child, clean=True)
                if doc:
                    start = min([child.lineno] + [d.lineno for d in child.decorator_list])
                    out.append({"name": child.name, "qname": qname, "startLine": start, "endLine": child.end_lineno, "docstring": doc})
                visit(child, trail + [child.name])
            elif isinstance(child, ast.ClassDef):
                visit(child, trail + [child.name])
            else:
                visit(child, trail)

    visit(tree, [])
    return out


def main():
    max_files = None
    if "--max-files" in sys.argv:
        max_files = int(sys.argv[sys.argv.index("--max-files") + 1])
    root = sysconfig.get_paths()["stdlib"]
    files, functions = [], []
    for directory, dirs, names in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS)
        for name in sorted(names):
            if not name.endswith(".py"):
                continue
            full = os.path.join(directory, name)
            rel = os.path.relpath(full, root).replace(os.sep, "/")
            with open(full, "rb") as handle:
                raw = handle.read()
            try:
                raw.decode("utf-8")
                tree = ast.parse(raw, filename=rel)
            except (UnicodeDecodeError, SyntaxError, ValueError):
                continue
            files.append({"path": rel, "content": strip_docstrings(raw, tree)})
            for fn in functions_of(tree):
                fn["file"] = rel
                functions.append(fn)
    files.sort(key=lambda f: f["path"])
    if max_files is not None:
        # Deterministic tiny corpus for smoke runs: the first files in path order.
        keep = {f["path"] for f in files[:max_files]}
        files = [f for f in files if f["path"] in keep]
        functions = [fn for fn in functions if fn["file"] in keep]
    version = ".".join(str(v) for v in sys.version_info[:3])
    json.dump({"root": root, "python": version, "files": files, "functions": functions}, sys.stdout)


if __name__ == "__main__":
    main()
