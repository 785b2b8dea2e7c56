"""What hyvekit/cli/typer_patches.py relies on in typer (its private API included): the
methods it replaces, with the parameters it calls them with, and the parameter attributes its
replacements read.  A typer that changes them fails here rather than in a help screen; and
every change is made (none skipped because typer no longer has what it replaces)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

#: read in a fresh interpreter, where hyvekit has changed nothing of typer
TYPER_AS_SHIPPED = r'''
import inspect, json
import typer, typer.core as core, typer.main
from pathlib import Path

def params(f):
    return list(inspect.signature(f).parameters)

out = {}
for name, f in [
        ("_TyperParameter.display_type", core._TyperParameter.display_type),
        ("_TyperParameter.display_type_rich", core._TyperParameter.display_type_rich),
        ("_TyperParameter.get_runtime_param", core._TyperParameter.get_runtime_param),
        ("TyperOption.display_type_rich", core.TyperOption.display_type_rich),
        ("TyperArgument._get_number_range_help_str",
         core.TyperArgument._get_number_range_help_str),
        ("TyperOption._get_number_range_help_str", core.TyperOption._get_number_range_help_str),
        ("TyperArgument._usage_display_name", core.TyperArgument._usage_display_name),
        ("TyperCommand.format_help", core.TyperCommand.format_help),
        ("TyperGroup.format_help", core.TyperGroup.format_help)]:
    out[name] = params(f)
from typer import _coercion
from typer._typing import get_args, get_origin
out["RuntimeParam.__init__"] = params(_coercion.RuntimeParam.__init__)
out["RuntimeParam._coerce_value"] = params(_coercion.RuntimeParam._coerce_value)
out["get_origin list[int]"] = repr(get_origin(list[int])), repr(get_args(list[int]))

app = typer.Typer()

@app.command()
def cmd(n: int = typer.Option(1, "--n", min=1), names: list[str] = typer.Option([], "--name"),
        where: Path = typer.Argument(...)):
    pass

command = typer.main.get_command(app)
option = next(p for p in command.params if p.name == "n")
argument = next(p for p in command.params if p.name == "where")
d = option.type_descriptor
out["parameter"] = {
    "isinstance": isinstance(option, core._TyperParameter),
    "_runtime_param": "_runtime_param" in vars(option) and option._runtime_param is None,
    "descriptor": [hasattr(d, a) for a in ("parameter_info", "annotation", "file_annotation",
                                           "choices", "is_path")],
    "annotation": repr(d.annotation),
    "names": [hasattr(argument, a) for a in ("display_name_raw", "param_type_name",
                                              "required", "nargs", "metavar")],
    "runtime": isinstance(option.get_runtime_param(), _coercion.RuntimeParam),
    "runtime _coerce_value": params(type(option.get_runtime_param())._coerce_value),
}
print(json.dumps(out))
'''


@pytest.fixture(scope="module")
def shipped() -> dict:
    result = subprocess.run([sys.executable, "-c", TYPER_AS_SHIPPED], capture_output=True,
                            text=True, check=True)
    return json.loads(result.stdout)


@pytest.mark.parametrize("method, parameters", [
    ("_TyperParameter.display_type", ["self", "ctx"]),
    ("_TyperParameter.display_type_rich", ["self", "ctx"]),
    ("_TyperParameter.get_runtime_param", ["self"]),
    ("TyperOption.display_type_rich", ["self", "ctx"]),
    ("TyperArgument._get_number_range_help_str", ["self"]),
    ("TyperOption._get_number_range_help_str", ["self"]),
    ("TyperArgument._usage_display_name", ["self"]),
    ("TyperCommand.format_help", ["self", "ctx", "formatter"]),
    ("TyperGroup.format_help", ["self", "ctx", "formatter"]),
    ("RuntimeParam.__init__", ["self", "parameter_info", "annotation"]),
    ("RuntimeParam._coerce_value", ["self", "value", "param", "ctx"]),
])
def test_typer_still_has_what_the_patches_replace(shipped, method, parameters):
    assert shipped[method] == parameters


def test_a_parameter_still_carries_what_the_patches_read(shipped):
    assert shipped["get_origin list[int]"] == ["<class 'list'>", "(<class 'int'>,)"]
    assert shipped["parameter"] == {
        "isinstance": True, "_runtime_param": True, "descriptor": [True] * 5,
        "annotation": "<class 'int'>", "names": [True] * 5, "runtime": True,
        "runtime _coerce_value": ["self", "value", "param", "ctx"]}


def test_every_change_is_made():
    """Each replacement is marked; a change typer's own classes no longer allow would leave
    typer's method in place, unmarked."""
    import hyvekit.cli.app  # noqa: F401 - makes the changes
    from typer import _coercion, core  # noqa: F401
    from hyvekit.cli.typer_patches import patch_typer
    patch_typer()                                            # a second time: nothing more
    replaced = [core.TyperOption.display_type_rich, core._TyperParameter.display_type_rich,
                core._TyperParameter.get_runtime_param, core.TyperCommand.format_help,
                core.TyperGroup.format_help]
    assert all(getattr(f, "_hyvekit", False) for f in replaced)
    assert core.TyperArgument._usage_display_name.__module__ == "hyvekit.cli.typer_patches"
    assert core.TyperOption._get_number_range_help_str.__module__ == \
        "hyvekit.cli.typer_patches"
