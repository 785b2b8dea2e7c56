"""hyvekit/store/storage.py ``dump_json``: compact JSON any reader reads back to the same value,
a record's header and each event on a line of their own, sorted keys."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hyvekit.store.storage import dump_json

scalars = (st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
           | st.text(max_size=12) | st.sampled_from(["é", "\"", "\\", "\n", "\u2028", "🐝"]))
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(st.text(max_size=6), inner, max_size=4), max_leaves=40)


@settings(max_examples=300, deadline=None)
@given(values)
def test_any_json_value_reads_back_the_same(data):
    text = dump_json(data)
    assert text.endswith("\n") and json.loads(text) == data


def test_a_record_has_its_header_and_each_event_on_a_line_sorted():
    record = {"header": {"1": {"id": "run", "name": "Run ü"}},
              "events": {str(k): {"seq": k, "type": "note", "data": {"text": f"n{k}"}}
                         for k in (1, 2, 10)}}
    text = dump_json(record)
    lines = text.splitlines()
    assert lines[0] == "{" and lines[-1] == "}"
    assert lines[1] == '"events":{'
    assert lines[2] == '"1":{"data":{"text":"n1"},"seq":1,"type":"note"},'
    assert lines[4] == '"2":{"data":{"text":"n2"},"seq":2,"type":"note"}'
    assert '"header":{' in lines and '"1":{"id":"run","name":"Run ü"}' in lines
    assert json.loads(text) == record
    assert dump_json(json.loads(text)) == text                    # one form


@pytest.mark.parametrize("data", [{}, [], {"a": {}}, {"a": []}, [[], {}],
                                  {"x": math.inf, "n": 10 ** 30, "f": 1e-7},
                                  {1: "int key"}, {"t": (1, (2, 3))}])
def test_edge_values(data):
    text = dump_json(data)
    assert json.loads(text) == json.loads(json.dumps(data))


def test_what_json_refuses_is_refused():
    for bad in ({"a": object()}, {"a": {1, 2}}, {(1, 2): "tuple key"}):
        with pytest.raises(TypeError):
            dump_json(bad)
    loop: list = []
    loop.append(loop)
    with pytest.raises(ValueError, match="Circular reference"):
        dump_json(loop)
