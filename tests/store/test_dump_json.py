"""hyvekit/store/storage.py ``dump_json``: compact JSON any reader reads back to the same value,
a record's header and each event on a line of their own, sorted keys, the events in the order
of their numbers; ``with_new_events`` adds events to such a file as ``dump_json`` would write
the whole."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hyvekit.store.storage import dump_json, with_new_events

scalars = (st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
           | st.text(max_size=12) | st.sampled_from(["é", "\"", "\\", "\n", "\u2028", "🐝"]))
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(st.text(max_size=6), inner, max_size=4), max_leaves=40)


@settings(max_examples=300, deadline=None)
@given(values)
def test_any_json_value_reads_back_the_same(data):
    text = dump_json(data)
    assert text.endswith("\n") and json.loads(text) == data


def test_a_record_has_its_header_and_each_event_on_a_line_in_order():
    record = {"header": {"1": {"id": "run", "name": "Run ü"}},
              "events": {str(k): {"seq": k, "type": "note", "data": {"text": f"n{k}"}}
                         for k in (1, 2, 10)}}
    text = dump_json(record)
    lines = text.splitlines()
    assert lines[0] == "{" and lines[-1] == "}"
    assert lines[1] == '"events":{'
    assert lines[2] == '"1":{"data":{"text":"n1"},"seq":1,"type":"note"},'
    assert lines[3] == '"2":{"data":{"text":"n2"},"seq":2,"type":"note"},'   # 2 before 10
    assert lines[4] == '"10":{"data":{"text":"n10"},"seq":10,"type":"note"}'
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


def _record(n: int, header: dict) -> dict:
    return {"header": {"1": header},
            "events": {str(k): {"seq": k, "type": "note", "data": {"text": f"é{k}\n\"x\""}}
                       for k in range(1, n + 1)}}


@pytest.mark.parametrize("n", [1, 9, 10, 11, 120])
def test_new_events_spliced_in_are_the_file_dump_json_writes_whole(n):
    header = {"id": "run", "name": "Run ü", "settings": {"a": [1, {"b": None}]}}
    new = [{"seq": n + 1 + i, "type": "step", "data": {"do": f"forage {i}"}} for i in range(3)]
    before = dump_json(_record(n, header)).encode()
    whole = _record(n, header)
    whole["events"].update({str(e["seq"]): e for e in new})
    assert with_new_events(before, header, n + 1, new) == dump_json(whole).encode()


@pytest.mark.parametrize("raw", [
    dump_json({"header": {"1": {"id": "run"}}, "events": {}}),             # no event yet
    dump_json({"header": {"1": {"id": "other"}}, "events": {"1": {"seq": 1}}}),  # not its header
    dump_json({"_default": {}, "header": {"1": {"id": "run"}}, "events": {"1": {"seq": 1}}}),
    json.dumps({"header": {"1": {"id": "run"}}, "events": {"1": {"seq": 1}}}, indent=4),
])
def test_a_file_in_another_form_is_not_spliced(raw):
    assert with_new_events(raw.encode(), {"id": "run"}, 2, [{"seq": 2}]) is None
