"""What jedi (a Python static analyser, not our code) says each call of a tree's Python files calls.

Usage: python3 jedi_calls.py ROOT FILE...   (FILE relative to ROOT)
Prints one JSON object per call site: file, line (1-based), name, receiver (the callee's object
as written, or "" for a bare call), and the definition jedi's goto finds (following imports):
path (absolute), line and type, or null.
"""
import ast
import json
import sys

import jedi

root = sys.argv[1]
project = jedi.Project(root, added_sys_path=[root])
for rel in sys.argv[2:]:
    path = f"{root}/{rel}"
    with open(path, encoding="utf-8") as handle:
        source = handle.read()
    try:
        tree = ast.parse(source)
    except SyntaxError:
        continue
    script = jedi.Script(source, path=path, project=project)
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Attribute):
            line, column, name, receiver = func.end_lineno, func.end_col_offset - len(func.attr), func.attr, ast.unparse(func.value)
        elif isinstance(func, ast.Name):
            line, column, name, receiver = func.lineno, func.col_offset, func.id, ""
        else:
            continue
        try:
            found = script.goto(line, column, follow_imports=True)
        except Exception:  # jedi gives up on some code; the site then has no answer
            found = []
        target = None
        if found and found[0].module_path is not None and found[0].line is not None:
            target = {"path": str(found[0].module_path), "line": found[0].line, "type": found[0].type}
        print(json.dumps({"file": rel, "line": line, "name": name, "receiver": receiver, "target": target}))
