"""Where hyvekit changes typer's behaviour (typer 0.29), and the one module of hyvekit that
uses typer's private API (no public one serves: these replace methods of typer's own classes).
:func:`patch_typer` makes every change, once; ``cli/app.py`` calls it as it is imported.

- ``--help`` writes words, not Python types: a flag shows no ``<bool>``, an option's value
  ``TEXT``, ``N``, ``FILE``…, a range ``at least 1`` / ``1 to 5``, the usage line ``RUN`` and
  ``[RUN]``; an option's accepted values (``cli/accepted.py``) are read when help is shown;
- a value given on the command line is checked without pydantic where typer would only check
  its type (a third of a small command's start-up), with typer's own words when refused;
  a number in ASCII digits only (``rules/validate.signed_digits``: ``--to ０`` is not 0).

``tests/cli/test_typer_patches.py`` fails when typer changes what these rely on.
"""

from __future__ import annotations

import typer

#: the words (as :func:`hyvekit.cli.app.usage_line` reads typer's) for a number of more
#: digits than any number typed may have (:data:`hyvekit.rules.validate.MAX_DIGITS`)
TOO_MANY_DIGITS = "Input should be a whole number of at most {} digits"
#: ... for an empty path (which Python reads as ".", the current folder)
EMPTY_PATH = "Input should be a path that is not empty"
#: ... for a path the system refuses to look at (a name too long)
UNUSABLE_PATH = "Input should be a usable path ({})"


def patch_typer() -> None:
    """Make hyvekit's changes to typer's classes (each once: a second call changes nothing)."""
    _flags_take_no_value()
    _readable_placeholders()
    _accepted_values_in_help()
    _text_values_without_pydantic()


def _flags_take_no_value() -> None:
    """typer 0.29 shows ``<bool>`` beside every flag in --help (``--dry-run <bool>``), as if it
    took a value; a flag takes none, so its type column is left empty."""
    from typer.core import TyperOption
    shown = TyperOption.display_type_rich
    if getattr(shown, "_hyvekit", False):
        return

    def display_type_rich(self, ctx):
        if self.is_flag and self.metavar is None:
            return None
        return shown(self, ctx)

    display_type_rich._hyvekit = True  # type: ignore[attr-defined]
    TyperOption.display_type_rich = display_type_rich  # type: ignore[method-assign]


def _readable_placeholders() -> None:
    """typer 0.29 writes value types as Python sees them (``<str>``, ``<list[Path]>``,
    ``<int range> [x>=1]``) and a required argument as ``{RUN}`` on the usage line.  A player
    reads words: an argument's name is its placeholder (no type beside it), an option without
    a metavar shows ``TEXT``, ``N``, ``FILE``…, a range reads ``at least 1`` / ``1 to 5``, and
    the usage line writes ``RUN`` (required) and ``[RUN]`` (optional)."""
    from typer import core
    base = core._TyperParameter
    if getattr(base.display_type_rich, "_hyvekit", False):
        return
    plain = {"str": "TEXT", "int": "N", "float": "NUMBER", "Path": "PATH", "bool": "",
             "int range": "N", "float range": "NUMBER"}

    def readable(self, ctx) -> str | None:
        if self.param_type_name == "argument":
            return None                  # the name column shows the placeholder
        if self.metavar is not None:
            return self.metavar
        shown = base.display_type(self, ctx).strip("<>")
        many = shown.startswith("list[")
        shown = shown[5:-1] if many else shown
        word = plain.get(shown, shown.upper() if shown.isidentifier() else shown)
        return (word + "..." if many else word) or None

    def number_range(self) -> str | None:
        lo, hi = getattr(self, "min", None), getattr(self, "max", None)
        if getattr(self, "count", False) and lo == 0 and hi is None:
            return None
        if lo is None and hi is None:
            return None
        if lo is None:
            return f"at most {hi}"
        if hi is None:
            return f"at least {lo}"
        return f"{lo} to {hi}"

    def usage_name(self) -> str:
        name = self.display_name_raw
        if not self.required and not name.startswith("["):
            name = f"[{name}]"
        if self.nargs != 1 and not name.endswith("..."):
            name += "..."
        return name

    readable._hyvekit = True  # type: ignore[attr-defined]
    shown_option = core.TyperOption.display_type_rich

    def option_type(self, ctx):
        if self.is_flag and self.metavar is None:
            return None
        if self.metavar is not None:
            return self.metavar
        return readable(self, ctx)

    option_type._hyvekit = True  # type: ignore[attr-defined]
    del shown_option
    base.display_type_rich = readable  # type: ignore[method-assign]
    core.TyperOption.display_type_rich = option_type  # type: ignore[method-assign]
    core.TyperArgument._get_number_range_help_str = number_range  # type: ignore[method-assign]
    core.TyperOption._get_number_range_help_str = number_range  # type: ignore[method-assign]
    core.TyperArgument._usage_display_name = usage_name  # type: ignore[method-assign]


def _text_values_without_pydantic() -> None:
    """typer 0.29 checks every value given on the command line through a pydantic
    ``TypeAdapter`` built when the command runs (importing pydantic: about a third of a small
    command's start-up).  A text value (``str``, ``list[str]``) needs no checking: it is taken
    as typer takes it (``str(value)``, a list of them); so is a path that asks for none of
    typer's checks (``Path(value)``); the others (numbers, checked paths, choices) get typer's
    own checking, built when such a value is first given (an option left out needs none)."""
    try:
        from typer import _coercion
        from typer._typing import get_args, get_origin
        from typer.core import _TyperParameter
    except ImportError:                                    # another typer: nothing to do
        return
    built = _TyperParameter.get_runtime_param
    if getattr(built, "_hyvekit", False) or not hasattr(_coercion, "RuntimeParam"):
        return

    from enum import Enum
    from pathlib import Path
    # a path as typer takes it when none of its checks is asked for
    unchecked = (("exists", False), ("file_okay", True), ("dir_okay", True),
                 ("writable", False), ("readable", True), ("resolve_path", False),
                 ("allow_dash", False))

    def plain(descriptor):
        """``(kind, many)`` for a value typer would check only for its type (text, a path
        asking for no check, a number with at most a range: no parser, choices, clamping),
        ``many`` for a list of them; else None."""
        info = descriptor.parameter_info
        kind = descriptor.annotation
        many = get_origin(kind) is list
        if many:
            (kind,) = get_args(kind) or (None,)
        if (kind not in (str, Path, int, float) or descriptor.file_annotation is not None
                or getattr(info, "parser", None) is not None
                or getattr(info, "click_type", None) is not None
                or descriptor.choices is not None):
            return None
        if kind is str and descriptor.is_path:
            return None
        if kind is Path and not all(getattr(info, n, d) == d for n, d in unchecked):
            return None
        if kind in (int, float) and getattr(info, "clamp", False):
            return None
        return kind, many

    def checked_path_holds(descriptor, value) -> bool:
        """Whether the path ``value`` passes the only checks its option asks for (it exists,
        is a file, is a folder); False sends it to typer's own check, with typer's words."""
        info = descriptor.parameter_info
        if descriptor.file_annotation is not None or any(
                getattr(info, n, d) != d for n, d in unchecked
                if n not in ("exists", "file_okay", "dir_okay")):
            return False
        path = Path(value)
        if not path.exists():
            return not getattr(info, "exists", False)
        if path.is_dir():
            return getattr(info, "dir_okay", True)
        return getattr(info, "file_okay", True)

    def path_holds(param, value) -> None:
        """Refuse, naming the option, a path typer's own checks would misname: an empty one
        (Python reads it as ".", a folder) or one the system cannot use (a name too long)."""
        problem = EMPTY_PATH if not str(value).strip() else None
        if problem is None:
            try:
                Path(value).exists()
            except (OSError, ValueError) as err:
                words = str(getattr(err, "strerror", None) or err)
                problem = UNUSABLE_PATH.format(words[:1].lower() + words[1:])
        if problem is not None:
            exc = typer.BadParameter(problem, param=param)
            exc.hyvekit_given = str(value)
            raise exc

    def number(value, kind, param):
        """``value`` as typer's checking would take it, with its words when it is refused
        (what :func:`hyvekit.cli.app.usage_line` turns into one line)."""
        def refused(words: str):
            exc = typer.BadParameter(words, param=param)
            exc.hyvekit_given = value           # what was given, for the one line
            return exc

        from hyvekit.rules.validate import MAX_DIGITS, signed_digits
        typed = str(value).strip() if isinstance(value, str) else None
        if kind is int and typed is not None and not signed_digits(typed):
            unsigned = typed.lstrip("+-")
            raise refused(TOO_MANY_DIGITS.format(MAX_DIGITS)
                          if unsigned.isascii() and unsigned.isdigit()
                          else "Input should be a valid integer")
        if typed is not None and not typed.isascii():        # float() reads other scripts too
            raise refused("Input should be a valid number")
        try:
            got = kind(value)
        except (TypeError, ValueError):
            raise refused("Input should be a valid "
                          + ("integer" if kind is int else "number")) from None
        if kind is float and got != got:
            raise refused("Input should be a finite number")
        info = param.type_descriptor.parameter_info
        lo, hi = getattr(info, "min", None), getattr(info, "max", None)
        if lo is not None and got < lo:
            raise refused(f"Input should be greater than or equal to {lo}")
        if hi is not None and got > hi:
            raise refused(f"Input should be less than or equal to {hi}")
        return got

    class Deferred(_coercion.RuntimeParam):
        """Stands for typer's runtime param until a value needs it (``coerce`` itself, which
        passes None through, is typer's)."""

        def _coerce_value(self, value, param, ctx):
            kind = param.type_descriptor.annotation
            if kind is bool and isinstance(value, bool):
                return value                      # a flag
            if isinstance(kind, type) and issubclass(kind, Enum):
                if isinstance(value, kind):
                    return value
                # a value naming a member (in any case, unless the case counts)
                fold = (str.lower if not getattr(param.type_descriptor.parameter_info,
                                                 "case_sensitive", True) else str)
                member = next((m for m in kind if isinstance(value, str)
                               and fold(str(m.value)) == fold(value)), None)
                if member is not None:
                    return member
            if kind is Path and isinstance(value, (str, Path)):
                path_holds(param, value)
                if checked_path_holds(param.type_descriptor, value):
                    return Path(value)
            found = plain(param.type_descriptor)
            if found is not None:
                kind, many = found
                if kind in (int, float):
                    if not many and isinstance(value, (str, int, float)) \
                            and not isinstance(value, bool):
                        return number(value, kind, param)
                    if many and isinstance(value, (list, tuple)) and all(
                            isinstance(v, (str, int)) and not isinstance(v, bool)
                            for v in value):
                        return [number(v, kind, param) for v in value]
                elif not many and isinstance(value, (str, Path)):
                    return kind(value)
                elif many and isinstance(value, (list, tuple)) \
                        and all(isinstance(v, (str, Path)) for v in value):
                    return [kind(v) for v in value]
            param._runtime_param = None
            return built(param)._coerce_value(value, param=param, ctx=ctx)

    def get_runtime_param(self):
        if self._runtime_param is None:
            self._runtime_param = Deferred(parameter_info=self.type_descriptor.parameter_info,
                                           annotation=self.type_descriptor.annotation)
        return self._runtime_param

    get_runtime_param._hyvekit = True  # type: ignore[attr-defined]
    _TyperParameter.get_runtime_param = get_runtime_param  # type: ignore[method-assign]


def _accepted_values_in_help() -> None:
    """An option's help may hold the mark of its accepted values (``cli/accepted.py``): they
    are read from the rules and data, and written in, only when ``--help`` is shown."""
    from typer import core
    for cls in (core.TyperCommand, core.TyperGroup):
        shown = cls.format_help
        if getattr(shown, "_hyvekit", False):
            continue

        def format_help(self, ctx, formatter, shown=shown):
            marked = [p for p in self.params if "@accepted:" in (getattr(p, "help", "") or "")]
            if marked:
                from hyvekit.cli.accepted import expand
                for p in marked:
                    p.help = expand(p.help)
            return shown(self, ctx, formatter)

        format_help._hyvekit = True  # type: ignore[attr-defined]
        cls.format_help = format_help  # type: ignore[method-assign]
