"""``dataclass``: the standard library's decorator for hyvekit's value classes, made without
compiling code for every class at import.

Python 3.11's ``dataclasses.dataclass`` compiles six functions per frozen class (``__init__``,
``__repr__``, ``__eq__``, ``__hash__``, ``__setattr__``, ``__delattr__``) with ``exec`` as the
class is made: about 0.5 ms a class, 55 ms of a ``beelives do`` that makes ~100 of them before it
reads a step (docs/performance.md).  This decorator gives the same classes:

- the standard library's fields (``dataclasses.fields``, ``replace``, ``asdict``,
  ``is_dataclass`` and ``__match_args__`` work as on any dataclass; ``field(...)`` and
  ``KW_ONLY`` are the standard library's), made by ``dataclasses.dataclass`` itself with the
  code-making options off;
- ``__init__`` as the standard library writes it, compiled when the class is first
  instantiated (a class a command never instantiates never costs it);
- ``__repr__``, ``__eq__``, ``__hash__``, the order methods and the frozen ``__setattr__`` /
  ``__delattr__`` as small closures over the class's field names, with the standard library's
  results: the same repr text, equality and order of the compared fields' tuple between
  instances of exactly the same class (``NotImplemented`` otherwise), ``hash`` of that tuple
  (frozen classes; a non-frozen class with ``eq`` is unhashable), ``FrozenInstanceError`` on
  assignment.  A method the class body defines itself is kept, as the standard library keeps it.

Options: ``frozen`` and ``order`` (the ones hyvekit uses).  ``InitVar`` fields, ``slots`` and
``unsafe_hash`` are not supported (``TypeError`` at class creation).
"""

from __future__ import annotations

import dataclasses
import operator
import re
import reprlib
import sys
from dataclasses import MISSING, FrozenInstanceError
from typing import Any, Callable

__all__ = ["dataclass", "replace"]

_FROZEN = "__hyvekit_frozen__"   # whether a class made here is frozen (inheritance check)


def dataclass(cls: type | None = None, /, *, frozen: bool = False,
              order: bool = False) -> Any:
    """``@dataclass``, ``@dataclass(frozen=True)``, ``@dataclass(frozen=True, order=True)``:
    the class made a dataclass (see the module's docstring).

    :raises TypeError: as the standard library's: a field without a default after one with a
        default, a frozen class inheriting from a non-frozen one or the reverse, a frozen
        class defining ``__setattr__``/``__delattr__``, an order class defining an order
        method; also an ``InitVar`` field (not supported here).
    """
    def wrap(c: type) -> type:
        return _make(c, frozen, order)
    return wrap if cls is None else wrap(cls)


#: per class made here: the names of its fields, when :func:`replace` may copy them itself
_COPIED = "__hyvekit_copied__"


def replace(obj: Any, /, **changes: Any) -> Any:
    """``dataclasses.replace``: a new object of ``obj``'s class with ``changes``, its other
    fields as they are in ``obj`` (its ``__post_init__`` run, as ``__init__`` would).  For a
    class made here whose fields all go through ``__init__`` and which defines no ``__init__``
    of its own, the fields are copied without calling ``__init__`` (about four times quicker:
    the rules make hundreds of thousands of such copies in a game); any other class is left to
    the standard library.

    :raises TypeError: a name in ``changes`` that is not one of the fields.
    """
    cls = obj.__class__
    names = cls.__dict__.get(_COPIED)
    if names is None:
        names = _copied_fields(cls)
    if not names:
        return dataclasses.replace(obj, **changes)
    if not names.issuperset(changes):
        key = next(k for k in changes if k not in names)
        raise TypeError(f"{cls.__qualname__}.__init__() got an unexpected keyword "
                        f"argument {key!r}")
    new = object.__new__(cls)
    now = new.__dict__
    was = obj.__dict__
    if len(was) == len(names):             # the fields only (no cached value beside them)
        now.update(was)
    else:
        for name in names:
            now[name] = was[name]
    now.update(changes)
    post = getattr(cls, "__post_init__", None)
    if post is not None:
        post(new)
    return new


def _copied_fields(cls: type) -> frozenset[str]:
    """The fields :func:`replace` copies for ``cls`` (none: it leaves ``cls`` to the standard
    library), kept on the class."""
    names: frozenset[str] = frozenset()
    if _FROZEN in cls.__dict__ and getattr(cls.__init__, "__hyvekit_init__", False):
        fields = dataclasses.fields(cls)
        if all(f.init for f in fields):
            names = frozenset(f.name for f in fields)
    type.__setattr__(cls, _COPIED, names)
    return names


#: a string annotation's leading name, with the module it is read off (``dataclasses.InitVar``)
_ANNOTATION_HEAD = re.compile(r"^(?:\s*(\w+)\s*\.)?\s*(\w+)")


def _has_initvar(cls: type, real: set[str]) -> bool:
    """Whether the dataclass ``cls`` has an ``InitVar`` field.  Its pseudo-fields (in
    ``__dataclass_fields__`` but not among the ``real`` fields) are its ``InitVar`` and
    ``ClassVar`` ones; an ``InitVar`` is told by its annotation as the standard library tells
    it: ``InitVar[...]`` itself, or as text (``from __future__ import annotations``) a name
    that the class's module binds to ``dataclasses.InitVar``, or ``M.InitVar`` where ``M`` is
    ``dataclasses``."""
    names = vars(sys.modules[cls.__module__]) if cls.__module__ in sys.modules else {}
    for name, f in cls.__dataclass_fields__.items():
        if name in real:
            continue
        annotation = f.type
        if isinstance(annotation, str) and (head := _ANNOTATION_HEAD.match(annotation)):
            owner, word = head.groups()
            if owner is None:
                annotation = names.get(word)
            elif names.get(owner) is dataclasses:
                annotation = getattr(dataclasses, word, None)
        if annotation is dataclasses.InitVar or isinstance(annotation, dataclasses.InitVar):
            return True
    return False


def _make(cls: type, frozen: bool, order: bool) -> type:
    for base in cls.__mro__[1:]:
        was = base.__dict__.get(_FROZEN)
        if was is not None and was != frozen:
            raise TypeError("cannot inherit frozen dataclass from a non-frozen one" if frozen
                            else "cannot inherit non-frozen dataclass from a frozen one")
    body = dict(cls.__dict__)        # what the class defines itself, before fields are added
    cls = dataclasses.dataclass(cls, init=False, repr=False, eq=False)
    fields = dataclasses.fields(cls)
    if _has_initvar(cls, {f.name for f in fields}):
        raise TypeError(f"{cls.__qualname__}: InitVar fields are not supported here")
    _check_defaults(fields)
    setattr(cls, _FROZEN, frozen)

    def put(name: str, fn: Callable) -> None:
        if name not in body:
            fn.__qualname__ = f"{cls.__qualname__}.{name}"
            setattr(cls, name, fn)

    put("__init__", _lazy_init(cls, fields, frozen))
    put("__repr__", _repr([f.name for f in fields if f.repr]))
    compared = _tuple_of([f.name for f in fields if f.compare])
    put("__eq__", _compare(compared, "__eq__"))
    class_hash = body.get("__hash__", MISSING)
    explicit_hash = not (class_hash is MISSING or (class_hash is None and "__eq__" in body))
    if not explicit_hash:
        cls.__hash__ = _hash(compared) if frozen else None    # type: ignore[assignment]
    if order:
        for name in ("__lt__", "__le__", "__gt__", "__ge__"):
            if name in body:
                raise TypeError(f"Cannot overwrite attribute {name} in class "
                                f"{cls.__name__}. Consider using functools.total_ordering")
            put(name, _compare(compared, name))
    if frozen:
        for name in ("__setattr__", "__delattr__"):
            if name in body:
                raise TypeError(f"Cannot overwrite attribute {name} in class {cls.__name__}")
        names = frozenset(f.name for f in fields)
        put("__setattr__", _frozen_setattr(cls, names))
        put("__delattr__", _frozen_delattr(cls, names))
    return cls


def _check_defaults(fields: tuple[dataclasses.Field, ...]) -> None:
    seen_default = False
    for f in fields:
        if not f.init or f.kw_only:
            continue
        if f.default is not MISSING or f.default_factory is not MISSING:
            seen_default = True
        elif seen_default:
            raise TypeError(f"non-default argument {f.name!r} follows default argument")


def _tuple_of(names: list[str]) -> Callable[[Any], tuple]:
    """The tuple of the attributes ``names`` of an object, as the standard library's generated
    ``(self.a, self.b,)``."""
    if len(names) >= 2:
        return operator.attrgetter(*names)
    if len(names) == 1:
        one = operator.attrgetter(names[0])
        return lambda obj: (one(obj),)
    return lambda obj: ()


def _compare(key: Callable[[Any], tuple], name: str) -> Callable:
    """``__eq__`` or an order method: ``key``'s tuples compared between instances of exactly
    the same class, ``NotImplemented`` otherwise (as the standard library's)."""
    if name == "__eq__":                       # the one called often: no operator lookup
        def method(self, other):
            if other.__class__ is self.__class__:
                return key(self) == key(other)
            return NotImplemented
        return method
    op = getattr(operator, name.strip("_"))

    def method(self, other):
        if other.__class__ is self.__class__:
            return op(key(self), key(other))
        return NotImplemented
    return method


def _hash(key: Callable[[Any], tuple]) -> Callable:
    def __hash__(self):
        return hash(key(self))
    return __hash__


def _repr(names: list[str]) -> Callable:
    @reprlib.recursive_repr()
    def __repr__(self):
        inner = ", ".join(f"{n}={getattr(self, n)!r}" for n in names)
        return f"{self.__class__.__qualname__}({inner})"
    return __repr__


def _frozen_setattr(cls: type, names: frozenset[str]) -> Callable:
    def __setattr__(self, name, value):
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)
    return __setattr__


def _frozen_delattr(cls: type, names: frozenset[str]) -> Callable:
    def __delattr__(self, name):
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)
    return __delattr__


class _HasDefaultFactory:
    def __repr__(self) -> str:
        return "<factory>"


_HAS_DEFAULT_FACTORY = _HasDefaultFactory()


def _lazy_init(cls: type, fields: tuple[dataclasses.Field, ...], frozen: bool) -> Callable:
    """An ``__init__`` that, at its first call, compiles the class's real one (what the standard
    library would have made), puts it on the class and runs it."""
    def __init__(self, *args, **kwargs):
        real = _compile_init(cls, fields, frozen)
        real.__hyvekit_init__ = True
        if cls.__dict__.get("__init__") is __init__:
            type.__setattr__(cls, "__init__", real)
        real(self, *args, **kwargs)
    __init__.__hyvekit_init__ = True
    return __init__


def _compile_init(cls: type, fields: tuple[dataclasses.Field, ...], frozen: bool) -> Callable:
    names = {"_HAS_DEFAULT_FACTORY": _HAS_DEFAULT_FACTORY,
             "__dataclass_builtins_object__": object}
    self_name = "__dataclass_self__" if any(f.name == "self" for f in fields) else "self"
    positional, keyword, lines = [], [], []
    for f in fields:
        default = f"_dflt_{f.name}"
        if f.init:
            if f.default_factory is not MISSING:
                names[default] = f.default_factory
                param = f"{f.name}=_HAS_DEFAULT_FACTORY"
                value = f"{default}() if {f.name} is _HAS_DEFAULT_FACTORY else {f.name}"
            elif f.default is not MISSING:
                names[default] = f.default
                param, value = f"{f.name}={default}", f.name
            else:
                param, value = f.name, f.name
            (keyword if f.kw_only else positional).append(param)
        elif f.default_factory is not MISSING:
            names[default] = f.default_factory
            value = f"{default}()"
        else:
            continue                # a plain default: the class attribute is the value
        if frozen:
            lines.append(f"__dataclass_builtins_object__.__setattr__({self_name}, "
                         f"{f.name!r}, {value})")
        else:
            lines.append(f"{self_name}.{f.name} = {value}")
    if hasattr(cls, "__post_init__"):
        lines.append(f"{self_name}.__post_init__()")
    params = [self_name, *positional] + (["*", *keyword] if keyword else [])
    source = (f"def __init__({', '.join(params)}):\n"
              + "".join(f"    {line}\n" for line in lines or ["pass"]))
    made: dict[str, Any] = {}
    exec(source, names, made)
    init = made["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    return init
