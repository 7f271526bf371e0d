"""The interpreter's modules in layers, and the imports that run upward.

A reader should know what a module may use: game state and objects first,
then characteristics (613) and what reads them, then the rules processes
(zones, casting, costs, the stack, triggers, replacement effects,
state-based actions, turns), then the actions that instructions carry out,
then the support check, which reads all of them.  A module imports from its
own layer and the layers below it.  An import of a higher layer (made
inside a function, since at module level it would be a cycle Python can't
load) is counted: the count is pinned so that it can only go down.
"""

from __future__ import annotations

import ast
from pathlib import Path

import cardtext.interpreter as interpreter

PACKAGE = Path(interpreter.__file__).resolve().parent
NAME = interpreter.__name__
"""The package as it is imported: ``cardtext.interpreter``."""

LAYERS: tuple[tuple[str, ...], ...] = (
    # 0. game state and objects, and what needs nothing of the game's rules
    ("errors", "objects", "cache", "linked", "state", "choices", "keywords", "bind", "links"),
    # 1. characteristics (613) and what reads them
    ("characteristics", "statics", "filters", "quantities", "conditions", "protection", "mana", "context", "this_turn",
     "zone_changes", "cast_timing"),
    # 2. the rules processes
    ("zones", "destroy", "control", "attach", "sagas", "until", "replacement", "sba", "targets", "costs",
     "additional", "as_cast", "cast_permissions", "delayed", "triggers", "delayed_events", "prevention", "stack",
     "modes", "casting", "activation", "facedown", "rooms", "copies", "combat", "setup", "turns", "actions.common",
     "actions.registry", "plot", "suspend", "speed"),
    # 3. the actions instructions carry out
    ("actions", "actions.*", "effects"),
    # 4. the support check and the package's entry points
    ("support", ""),
)  # fmt: skip

UPWARD_IMPORTS = 20
"""Imports that run from a lower layer to a higher one today: lower it when
an import is moved down, never raise it."""


def _modules() -> dict[str, Path]:
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        out[name] = path
    return out


def layer_of(module: str) -> int:
    for i, names in enumerate(LAYERS):
        if module in names or (module.startswith("actions.") and "actions.*" in names):
            return i
    raise AssertionError(f"interpreter module '{module}' is in no layer of tests/test_import_layers.py: add it")


def _exported() -> dict[str, str]:
    """The names the package exports, by the module that defines them (its imports are lazy)."""
    return dict(interpreter._MODULE_OF)


def imports(modules: dict[str, Path]) -> list[tuple[str, str, bool, int]]:
    """Every import among the package's modules: (importer, imported,
    at module level, line); those for type checking only are left out."""
    exported = _exported()
    out = []
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        typing_only = {
            id(n) for node in ast.walk(tree)
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test) for n in ast.walk(node)
        }  # fmt: skip
        top = {id(n) for n in tree.body}
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(tree):
            if id(node) in typing_only:
                continue
            found: set[str] = set()
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".") if package else []
                    base = base[: len(base) - (node.level - 1)]
                    target = ".".join([*base, *([node.module] if node.module else [])])
                elif node.module and (node.module == NAME or node.module.startswith(NAME + ".")):
                    target = node.module[len(NAME) + 1 :]
                else:
                    continue
                for alias in node.names:
                    sub = f"{target}.{alias.name}" if target else alias.name
                    if sub in modules:
                        found.add(sub)
                    elif target == "" and alias.name in exported:
                        found.add(exported[alias.name])
                    elif target in modules:
                        found.add(target)
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.startswith(NAME + "."):
                        found.add(alias.name[len(NAME) + 1 :])
            for target in found - {name}:
                out.append((name, target, id(node) in top, node.lineno))
    return out


def upward(modules: dict[str, Path]) -> list[str]:
    return sorted(
        f"{PACKAGE.name}/{modules[a].relative_to(PACKAGE)}:{line}: {a or '__init__'} (layer {layer_of(a)}) imports "
        f"{b} (layer {layer_of(b)})"
        for a, b, _, line in imports(modules) if layer_of(b) > layer_of(a)
    )  # fmt: skip


def test_every_module_is_in_a_layer() -> None:
    """Each module of the interpreter has its place, so a reader knows what it may use."""
    for name in _modules():
        layer_of(name)


def test_no_module_level_import_runs_upward() -> None:
    """At module level a module imports only from its own layer and the
    layers below it."""
    modules = _modules()
    bad = [f"{a} imports {b} at line {line}" for a, b, top, line in imports(modules) if top and layer_of(b) > layer_of(a)]
    assert not bad, bad


def test_the_upward_imports_do_not_grow() -> None:
    """The imports made inside functions from a lower layer to a higher one
    are no more than :data:`UPWARD_IMPORTS`."""
    found = upward(_modules())
    assert len(found) <= UPWARD_IMPORTS, "imports that run upward:\n" + "\n".join(found)


def test_the_import_scan_finds_the_imports_it_counts() -> None:
    """The scan sees the package's relative and absolute imports (it could
    otherwise pass by counting nothing)."""
    edges = {(a, b) for a, b, _, _ in imports(_modules())}
    assert ("characteristics", "objects") in edges
    assert ("support", "casting") in edges
    assert any(layer_of(b) > layer_of(a) for a, b in edges)
