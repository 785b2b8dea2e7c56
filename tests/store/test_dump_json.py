"""hyvekit/store/storage.py ``dump_json`` writes what ``json.dumps(indent=1, sort_keys=True,
ensure_ascii=False)`` writes, for every JSON value and for what json itself refuses."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hyvekit.store.storage import dump_json

scalars = (st.none() | st.booleans() | st.integers() | st.floats()
           | st.text(max_size=12) | st.sampled_from(["é", "\"", "\\", "\n", "\u2028", "🐝"]))
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                      | st.tuples(inner, inner)
                      | st.dictionaries(st.text(max_size=6), inner, max_size=4), max_leaves=40)


def reference(data) -> str:
    return json.dumps(data, indent=1, ensure_ascii=False, sort_keys=True) + "\n"


@settings(max_examples=400, deadline=None)
@given(values)
def test_any_json_value_is_written_as_json_writes_it(data):
    assert dump_json(data) == reference(data)


@pytest.mark.parametrize("data", [
    {}, [], {"a": {}}, {"a": []}, [[], {}], {"b": 1, "a": True, "c": None},
    {"x": math.inf, "y": -math.inf, "z": math.nan}, {"n": 10 ** 30, "f": 1e-7},
    {1: "int key", 2: "int key"}, {"t": (1, (2, 3))},
])
def test_edge_values(data):
    assert dump_json(data) == reference(data)


def test_what_json_refuses_is_refused_the_same_way():
    for bad in ({"a": object()}, {"a": {1, 2}}, {(1, 2): "tuple key"}):
        with pytest.raises(TypeError) as ours:
            dump_json(bad)
        with pytest.raises(TypeError) as theirs:
            reference(bad)
        assert str(ours.value) == str(theirs.value)
    loop: list = []
    loop.append(loop)
    with pytest.raises(ValueError, match="Circular reference"):
        dump_json(loop)
