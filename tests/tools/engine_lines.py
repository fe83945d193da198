"""Code lines of each rules package (non-blank, non-comment, docstrings excluded).

Usage: python tests/tools/engine_lines.py isowidgets/rules/isolation isowidgets/rules/impact
"""

import ast
import pathlib
import sys


def code_lines(path):
    src = path.read_text()
    tree = ast.parse(src)
    doc = set()
    for node in ast.walk(tree):
        if (
            isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
            and node.body
        ):
            first = node.body[0]
            if (
                isinstance(first, ast.Expr)
                and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)
            ):
                doc.update(range(first.lineno, first.end_lineno + 1))
        if (
            isinstance(node, ast.Expr)
            and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)
        ):
            doc.update(range(node.lineno, node.end_lineno + 1))
    n = 0
    for i, line in enumerate(src.splitlines(), 1):
        s = line.strip()
        if s and not s.startswith("#") and i not in doc:
            n += 1
    return n


for d in sys.argv[1:]:
    files = sorted(pathlib.Path(d).rglob("*.py"))
    tot = sum(code_lines(f) for f in files)
    print(f"{d}: {tot} code lines in {len(files)} files")
    for f in files:
        print(f"   {f.name}: {code_lines(f)}")
