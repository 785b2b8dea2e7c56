"""hyvekit.rules.values.dataclass against the standard library's: for every class shape hyvekit
uses, the same instances behave the same (init, defaults, repr, equality, order, hash, frozen
errors, replace, fields, pickling)."""

from __future__ import annotations

import dataclasses
import pickle
from dataclasses import KW_ONLY, FrozenInstanceError, InitVar, field
from typing import ClassVar

import pytest

from hyvekit.rules import values
from hyvekit.rules.values import dataclass as fast


def _shapes(deco, frozen=True, order=False):
    """The same class bodies decorated by ``deco`` (the standard library's or hyvekit's)."""
    kw = {"frozen": frozen, "order": order}

    @deco(**kw)
    class Point:
        """A point."""
        q: int
        r: int = 0

    @deco(**kw)
    class Bag:
        """Defaults, factories, fields left out of repr and comparison."""
        name: str
        items: tuple = ()
        seen: list = field(default_factory=list, repr=False, compare=False)
        note: str = field(default="", repr=False, compare=False)
        tags: tuple = field(default_factory=tuple)
        kind: ClassVar[str] = "bag"

    @deco(**kw)
    class One:
        """One compared field."""
        only: str

    @deco(**kw)
    class Empty:
        """No fields."""

    @deco(**kw)
    class Turn:
        """A keyword-only tail, as the rules' turns have."""
        actor: str
        _: KW_ONLY
        bees: int | None = None
        where: str = ""

    @deco(**kw)
    class Forage(Turn):
        """A subclass adding fields."""
        tile: str = "harvest"

    return Point, Bag, One, Empty, Turn, Forage


def _instances(classes):
    Point, Bag, One, Empty, Turn, Forage = classes
    return [Point(1), Point(1, 2), Point(q=3, r=-1), Bag("a"), Bag("a", (1, 2), [5], "x", ("k",)),
            One("x"), Empty(), Turn("Ann"), Turn("Ann", bees=3, where="1,0"),
            Forage("Bob", bees=2, tile="bloom")]


@pytest.mark.parametrize("frozen", [True, False])
def test_same_behaviour_as_the_standard_library(frozen):
    std, ours = _instances(_shapes(dataclasses.dataclass, frozen)), _instances(_shapes(fast, frozen))
    for a, b in zip(std, ours):
        assert repr(a) == repr(b)
        assert dataclasses.astuple(a) == dataclasses.astuple(b)
        assert [f.name for f in dataclasses.fields(a)] == [f.name for f in dataclasses.fields(b)]
        assert type(a).__match_args__ == type(b).__match_args__
        if frozen:
            assert hash(a) == hash(b)
        else:
            assert type(b).__hash__ is None
    for i, (a1, b1) in enumerate(zip(std, ours)):
        for j, (a2, b2) in enumerate(zip(std, ours)):
            assert (a1 == a2) == (b1 == b2), (i, j)
            assert (a1 != a2) == (b1 != b2), (i, j)


def test_bag_equality_ignores_the_fields_not_compared():
    Bag = _shapes(fast)[1]
    assert Bag("a", seen=[1], note="x") == Bag("a")
    assert Bag("a", tags=("k",)) != Bag("a")
    assert hash(Bag("a", seen=[1])) == hash(Bag("a"))
    assert repr(Bag("a", seen=[1], note="x")).endswith("Bag(name='a', items=(), tags=())")


def test_default_factories_make_a_new_value_each_time():
    Bag = _shapes(fast)[1]
    a, b = Bag("a"), Bag("b")
    assert a.seen == [] and a.seen is not b.seen


def test_order_as_the_standard_library():
    std_point = _shapes(dataclasses.dataclass, order=True)[0]
    our_point = _shapes(fast, order=True)[0]
    pairs = [(1, 2), (1, 0), (0, 5), (2, -1), (1, 2)]
    for x in pairs:
        for y in pairs:
            a, b = std_point(*x), std_point(*y)
            c, d = our_point(*x), our_point(*y)
            assert (a < b, a <= b, a > b, a >= b) == (c < d, c <= d, c > d, c >= d)
    assert sorted(our_point(*p) for p in pairs) == [our_point(*p) for p in sorted(pairs)]
    with pytest.raises(TypeError):
        our_point(1) < (1, 0)


def test_frozen_refuses_assignment_and_deletion():
    Point = _shapes(fast)[0]
    p = Point(1, 2)
    with pytest.raises(FrozenInstanceError, match="cannot assign to field 'q'"):
        p.q = 5
    with pytest.raises(FrozenInstanceError, match="cannot delete field 'r'"):
        del p.r
    with pytest.raises(FrozenInstanceError):
        p.other = 1

    class Plain(Point):        # a plain subclass may set its own attributes, as the stdlib's
        pass
    s = Plain(1)
    s.extra = 3
    assert s.extra == 3
    with pytest.raises(FrozenInstanceError):
        s.q = 2


Turn, Forage = _shapes(fast)[4:]     # at module level, so that pickle finds them
Turn.__qualname__ = Turn.__name__ = "Turn"
Forage.__qualname__ = Forage.__name__ = "Forage"


def test_replace_pickle_and_asdict():
    f = Forage("Bob", bees=2)
    g = dataclasses.replace(f, bees=4)
    assert (g.actor, g.bees, g.tile) == ("Bob", 4, "harvest") and f.bees == 2
    assert pickle.loads(pickle.dumps(g)) == g
    assert dataclasses.asdict(g) == {"actor": "Bob", "bees": 4, "where": "", "tile": "harvest"}
    assert dataclasses.is_dataclass(Forage)


def test_init_signature_errors_as_the_standard_library():
    Turn = _shapes(fast)[4]
    with pytest.raises(TypeError):
        Turn("Ann", 3)            # bees is keyword-only
    with pytest.raises(TypeError):
        Turn()
    with pytest.raises(TypeError):
        Turn("Ann", nectar=1)


def test_post_init_runs():
    @fast(frozen=True)
    class Checked:
        """Refuses a negative value."""
        n: int

        def __post_init__(self):
            if self.n < 0:
                raise ValueError("n")

    assert Checked(2).n == 2
    with pytest.raises(ValueError):
        Checked(-1)


def test_methods_the_class_defines_are_kept():
    @fast(frozen=True)
    class Named:
        """Equal by name only."""
        name: str
        score: int = 0

        def __eq__(self, other):
            return isinstance(other, Named) and other.name == self.name

        def __hash__(self):
            return hash(self.name)

        def __repr__(self):
            return f"<{self.name}>"

    assert Named("a", 1) == Named("a", 2) and hash(Named("a", 1)) == hash("a")
    assert repr(Named("a")) == "<a>"


def test_a_class_defining_eq_only_hashes_its_fields_as_in_the_standard_library():
    def made(deco):
        @deco(frozen=True)
        class OwnEq:
            """Defines __eq__, not __hash__."""
            x: int

            def __eq__(self, other):
                return True
        return OwnEq

    std, ours = made(dataclasses.dataclass), made(fast)
    assert hash(std(3)) == hash(ours(3)) == hash((3,))
    assert ours(3) == ours(4)


def test_refusals_at_class_creation():
    with pytest.raises(TypeError, match="non-default argument 'b' follows default argument"):
        @fast(frozen=True)
        class Bad:
            """b after a default."""
            a: int = 0
            b: int

    @fast(frozen=True)
    class Frozen:
        """Frozen."""
        a: int

    with pytest.raises(TypeError, match="non-frozen dataclass from a frozen one"):
        @fast
        class Thawed(Frozen):
            """Not frozen."""
            b: int = 0

    with pytest.raises(TypeError, match="__setattr__"):
        @fast(frozen=True)
        class OwnSetattr:
            """Defines __setattr__."""
            a: int

            def __setattr__(self, name, value):
                pass

    with pytest.raises(TypeError, match="InitVar"):
        @fast(frozen=True)
        class WithInitVar:
            """An InitVar."""
            a: InitVar[int]


def test_init_is_compiled_once_at_first_use():
    @fast(frozen=True)
    class Lazy:
        """Counts nothing."""
        a: int

    stub = Lazy.__dict__["__init__"]
    assert Lazy(1).a == 1
    assert Lazy.__dict__["__init__"] is not stub            # the real one took its place
    assert Lazy.__init__.__qualname__.endswith("Lazy.__init__")
    assert Lazy(2).a == 2


def test_every_hyvekit_value_class_is_made_here():
    """The rules, store and CLI modules take ``dataclass`` from hyvekit.rules.values (one way to
    make a value class; the stdlib's would refuse to inherit from these)."""
    import pathlib
    root = pathlib.Path(values.__file__).parents[1]
    offenders = []
    for path in root.rglob("*.py"):
        for line in path.read_text().splitlines():
            if line.startswith("from dataclasses import"):
                names = {n.strip() for n in line.removeprefix("from dataclasses import ").split(",")}
                if "dataclass" in names:
                    offenders.append(str(path.relative_to(root)))
    assert offenders == []


@pytest.mark.parametrize("frozen", [True, False])
def test_values_replace_gives_what_the_standard_librarys_gives(frozen):
    """``values.replace`` copies the fields itself for the classes made here: the same
    objects as ``dataclasses.replace`` for every shape, each change, none and all."""
    classes = _shapes(fast, frozen=frozen)
    for obj in _instances(classes):
        names = [f.name for f in dataclasses.fields(obj)]
        changes = [{}, *({n: getattr(obj, n)} for n in names)]
        if names:
            changes.append({names[0]: "other"})
        for change in changes:
            want = dataclasses.replace(obj, **change)
            got = values.replace(obj, **change)
            assert type(got) is type(want) and got == want and repr(got) == repr(want)
            assert vars(got) == vars(want)


def test_values_replace_runs_post_init_and_refuses_an_unknown_field():
    @fast(frozen=True)
    class Checked:
        """Refuses a negative value."""
        n: int
        m: int = 0

        def __post_init__(self):
            if self.n < 0:
                raise ValueError("n")

    assert values.replace(Checked(2), m=5) == Checked(2, 5)
    with pytest.raises(ValueError):
        values.replace(Checked(2), n=-1)
    with pytest.raises(TypeError, match="nectar"):
        values.replace(Checked(2), nectar=1)


def test_values_replace_leaves_other_classes_to_the_standard_library():
    """A standard-library dataclass, and one made here whose field is not set by
    ``__init__``, are replaced as ``dataclasses.replace`` does."""
    @dataclasses.dataclass(frozen=True)
    class Plain:
        """A standard-library value."""
        a: int
        b: int = 1

    @fast(frozen=True)
    class Counted:
        """A field ``__init__`` does not take."""
        a: int
        seen: int = field(default=0, init=False)

    assert values.replace(Plain(1), b=3) == Plain(1, 3)
    assert values.replace(Counted(1), a=2) == dataclasses.replace(Counted(1), a=2)
    with pytest.raises(ValueError):
        values.replace(Counted(1), seen=2)


def test_a_table_option_is_its_notation_with_its_value():
    """A listed step (rules/table.py ``Option``) compares, hashes, prints and pickles as its
    text; its value is taken back only where it was listed (``typed``)."""
    import pickle as p

    from hyvekit.rules.table import Option, spaced, typed
    here, elsewhere = object(), object()
    o = Option("Ann: defend 2", ("defend", 2), here)
    assert o == "Ann: defend 2" and hash(o) == hash("Ann: defend 2") and str(o) == o
    assert {o: 1}["Ann: defend 2"] == 1 and f"{o}" == "Ann: defend 2"
    back = p.loads(p.dumps((o,)))[0]
    assert type(back) is str and back == o
    assert typed(o, here) == ("defend", 2)
    assert typed(o, elsewhere) is None and typed("Ann: defend 2", here) is None
    assert spaced(o) is o and spaced("Ann:   defend 2") == "Ann: defend 2"
