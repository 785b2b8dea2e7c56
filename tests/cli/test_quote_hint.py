"""A step of several words typed without quotes (issue 27: ``do t forage bloom 0`` answered
"tile: missing" with no hint): the refusal of its first word says to quote the step."""

from __future__ import annotations


def test_an_unquoted_step_is_refused_with_a_word_on_quoting(hk):
    assert hk("beelives", "new", "T", "-p", "Ann:prolific", "-p", "Bo:aggressive"
              ).returncode == 0
    assert hk("beelives", "do", "t", 'card "First Bloom"').returncode == 0
    r = hk("beelives", "do", "t", "forage", "bloom", "0")
    assert r.returncode == 2
    assert 'if "forage bloom 0" is one step, put it in quotes' in " ".join(r.stderr.split())
    assert hk("beelives", "do", "t", "forage bloom 0 take 5/5/0").returncode == 0


def test_steps_of_one_word_are_taken_and_a_quoted_step_gets_no_such_hint(hk):
    assert hk("hyve", "new", "G").returncode == 0
    assert hk("hyve", "do", "g", "roll", "gather").returncode == 0        # two steps, both taken
    r = hk("hyve", "do", "g", "effect", "9")
    assert r.returncode in (1, 2) and "put it in quotes" in r.stderr
    r = hk("hyve", "do", "g", "effect 9")
    assert r.returncode in (1, 2) and "put it in quotes" not in r.stderr
