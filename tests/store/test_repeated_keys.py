"""A repeated key in a record (issue 25, item 5) is corruption: JSON readers keep the last
of two events numbered alike, and the record's next rewrite would drop the other without a
word. Every command refuses such a record, ``campaign undo`` included, and leaves its file
as it is."""

from __future__ import annotations


def _with_event_one_twice(path) -> bytes:
    text = path.read_text()
    head, rest = text.split('"events":{\n', 1)
    first = rest.split("\n", 1)[0]                  # the line of event 1, as written
    assert first.startswith('"1":{')
    doubled = f'{head}"events":{{\n{first}\n{rest}'
    path.write_text(doubled)
    return doubled.encode()


def test_a_record_with_an_event_number_twice_is_refused_and_left_as_it_is(hk):
    assert hk("beelives", "new", "Twice", "-p", "Ann:prolific").returncode == 0
    assert hk("beelives", "do", "twice", 'card "First Bloom"', "defend 1").returncode == 0
    path = hk.campaigns / "twice.json"
    raw = _with_event_one_twice(path)
    for command in (("campaign", "show", "twice"), ("beelives", "next", "twice"),
                    ("campaign", "undo", "twice"), ("beelives", "do", "twice", "defend 1")):
        r = hk(*command)
        assert r.returncode not in (0, 3), (command, r.stdout, r.stderr)
        assert "the key '1' is given twice in one object" in r.stderr, (command, r.stderr)
        assert path.read_bytes() == raw                      # nothing rewritten
