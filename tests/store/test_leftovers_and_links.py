"""Crash leftovers and links in the campaigns folder (issue 13): a dead writer's temporary file
is removed by the next write, a live one's never; the folder's own files (locks, .trash) are
never followed out through a link; an export cannot make hyvekit read a file it names."""

from __future__ import annotations

import json
import os

import pytest
from filelock import FileLock

from hyvekit.store.errors import CampaignNotFoundError, CampaignsFolderError
from hyvekit.store.storage import CampaignBusyError, campaign_lock, temp_files

from .helpers import cli, make_run


def _stale_temp(path):
    """A temporary file as a writer killed between writing and replacing leaves it."""
    tmp = path.parent / f".{path.name}.k1ll3d_x.tmp"
    tmp.write_bytes(path.read_bytes())
    return tmp


def test_a_stale_temp_file_is_gone_after_the_next_write(store):
    cid = make_run(store)
    path = store.path(cid)
    tmp = _stale_temp(path)
    other = path.parent / ".other.json.k1ll3d_x.tmp"     # another record's: not this write's
    other.write_text("{}")
    assert temp_files(path) == [tmp]
    store.append(cid, "note", {"text": "after the crash"})
    assert not tmp.exists() and other.exists()
    assert json.loads(path.read_text())["events"]["1"]["data"]["text"] == "after the crash"


def test_a_live_writers_temp_file_is_left_alone(store):
    cid = make_run(store)
    path = store.path(cid)
    tmp = _stale_temp(path)
    with FileLock(str(path) + ".lock"):       # a writer holding the lock, its temp file there
        with pytest.raises(CampaignBusyError), campaign_lock(path, timeout=0.01):
            pass
        assert tmp.exists()
    with campaign_lock(path):
        assert not tmp.exists()


def _link(link, target):
    try:
        os.symlink(target, link)
    except OSError:
        pytest.skip("cannot create a symlink here")


def test_a_dangling_lock_link_is_refused_not_followed(store, tmp_path):
    cid = make_run(store)
    path = store.path(cid)
    before = path.read_bytes()
    target = tmp_path / "outside" / "planted"
    target.parent.mkdir()
    os.unlink(str(path) + ".lock")               # left by the create
    _link(str(path) + ".lock", target)
    with pytest.raises(CampaignsFolderError, match="is a link"):
        store.append(cid, "note", {"text": "x"})
    assert not target.exists() and path.read_bytes() == before


def test_a_trash_link_is_refused_and_the_record_stays(store, tmp_path):
    cid = make_run(store)
    path = store.path(cid)
    outside = tmp_path / "outside"
    outside.mkdir()
    _link(store.folder / ".trash", outside)
    result = cli(["campaign", "delete", cid, "--yes"], store.folder)
    assert result.exit_code == 2, result.output
    assert ".trash is a link" in result.stderr
    assert path.exists() and list(outside.iterdir()) == []


def _beelives_export(tmp_path, folder):
    made = cli(["beelives", "new", "Shared", "-p", "Susan:prolific", "-p", "Jeremy:aggressive"],
               folder)
    assert made.exit_code == 0, made.output
    exported = tmp_path / "shared.json"
    assert cli(["campaign", "export", "shared", str(exported)], folder).exit_code == 0
    return exported


@pytest.mark.parametrize("named", ["/etc/passwd", "/proc/self/environ"])
def test_an_export_naming_a_board_file_without_its_values_is_refused(tmp_path, named):
    folder = tmp_path / "campaigns"
    exported = _beelives_export(tmp_path, folder)
    doc = json.loads(exported.read_text())
    doc["header"]["settings"].pop("board_values", None)
    doc["header"]["settings"]["board"] = named
    exported.write_text(json.dumps(doc))
    result = cli(["campaign", "import", str(exported), "--as", "crafted"], folder)
    assert result.exit_code == 2, result.output
    assert "settings.board" in result.stderr and "never reads a file" in result.stderr
    assert not (folder / "crafted.json").exists()


def test_an_imported_campaign_never_reads_the_board_file_it_names(tmp_path):
    folder = tmp_path / "campaigns"
    exported = _beelives_export(tmp_path, folder)
    doc = json.loads(exported.read_text())
    doc["header"]["settings"]["board"] = "/etc/passwd"
    doc["header"]["settings"]["board_values"] = {}
    exported.write_text(json.dumps(doc))
    result = cli(["campaign", "import", str(exported), "--as", "crafted"], folder)
    assert result.exit_code == 0, result.output
    settings = json.loads((folder / "crafted.json").read_text())["header"]["1"]["settings"]
    assert settings["board"] is None
    assert cli(["campaign", "check", "crafted"], folder).exit_code == 0


def test_a_note_with_control_characters_is_refused(store):
    cid = make_run(store)
    before = store.path(cid).read_bytes()
    for text in ("\x1b]0;owned\x07", "bell\x07", "c1\x9b2J", "del\x7f"):
        result = cli(["campaign", "note", cid, text], store.folder)
        assert result.exit_code == 2 and "control characters" in result.stderr, text
    assert store.path(cid).read_bytes() == before
    assert cli(["campaign", "note", cid, "two\nlines\tand a tab"], store.folder).exit_code == 0


def test_history_shows_control_characters_of_an_old_note_escaped(store):
    cid = make_run(store)
    store.append(cid, "note", {"text": "fine"})
    path = store.path(cid)
    doc = json.loads(path.read_text())
    doc["events"]["1"]["data"]["text"] = "\x1b]0;owned\x07"      # written before the check
    path.write_text(json.dumps(doc))
    shown = cli(["campaign", "history", cid], store.folder)
    assert shown.exit_code == 0 and "\x1b" not in shown.stdout and "\x07" not in shown.stdout
    assert "\\x1b" in shown.stdout


def test_a_bee_lives_player_name_has_the_limit_the_pads_print(store, tmp_path):
    from hyvekit.rules.validate import MAX_PLAYER_NAME

    long = "N" * (MAX_PLAYER_NAME + 2)
    result = cli(["beelives", "new", "Long", "-p", f"{long}:prolific"], store.folder)
    assert result.exit_code == 2 and f"at most {MAX_PLAYER_NAME}" in result.stderr
    longest = "N" * MAX_PLAYER_NAME
    assert cli(["beelives", "new", "Longest", "-p", f"{longest}:prolific"],
               store.folder).exit_code == 0
    pad = cli(["print", "pad", "beelives", "longest", "--out", str(tmp_path / "pad.pdf")],
              store.folder)
    assert pad.exit_code == 0, pad.output


def test_a_campaign_made_before_the_name_limit_still_replays(store):
    """The limit is checked when a campaign is made: a record written earlier with a longer
    player name is not lost."""
    from hyvekit.rules.validate import MAX_PLAYER_NAME

    assert cli(["beelives", "new", "Old", "-p", "Ann:prolific"], store.folder).exit_code == 0
    path = store.path("old")
    doc = json.loads(path.read_text())
    header = doc["header"]["1"]
    header["settings"]["players"][0]["name"] = "A" * (MAX_PLAYER_NAME + 6)
    if header["settings"].get("first_player"):
        header["settings"]["first_player"] = "A" * (MAX_PLAYER_NAME + 6)
    path.write_text(json.dumps(doc))
    shown = cli(["campaign", "show", "old", "--json"], store.folder)
    assert shown.exit_code == 0, shown.output
    assert "A" * (MAX_PLAYER_NAME + 6) in shown.stdout


# -- a mistyped id leaves nothing behind --------------------------------------------------

def _files(folder):
    return sorted(p.name for p in folder.rglob("*"))


def test_a_mistyped_id_is_refused_before_any_lock_file_is_made(store):
    cid = make_run(store, "League")
    store.append(cid, "note", {"text": "one"})
    store.undo(cid)
    before = _files(store.folder)
    for name, op in {"append": lambda: store.append("leage", "note", {"text": "x"}),
                     "append_many": lambda: store.append_many("leage", []),
                     "undo": lambda: store.undo("leage"), "redo": lambda: store.redo("leage"),
                     "adopt": lambda: store.adopt("leage"),
                     "delete": lambda: store.delete("leage")}.items():
        with pytest.raises(CampaignNotFoundError) as info:
            op()
        assert info.value.suggestions == ("league",), name
        assert _files(store.folder) == before, name


WRITING_COMMANDS = [
    ["campaign", "undo", "leage"], ["campaign", "undo", "leage", "--to", "0", "--yes"],
    ["campaign", "redo", "leage"], ["campaign", "note", "leage", "a note"],
    ["campaign", "delete", "leage", "--yes"], ["campaign", "check", "leage", "--adopt"],
    ["hyve", "legacy", "shop", "leage", "--perk", "tenacity"],
    ["beelives", "do", "leage", "draw"], ["hyve", "do", "leage", "roll"],
    ["beez", "do", "leage", "x"],
    ["queenbee", "log", "leage", "--players", "a,b", "--winner", "a", "--defeated", "b"],
]


@pytest.mark.parametrize("args", WRITING_COMMANDS, ids=lambda a: "-".join(a[:2]))
def test_a_writing_command_given_a_mistyped_id_adds_no_file(store, args):
    make_run(store, "League")
    before = _files(store.folder)
    result = cli(args, store.folder)
    assert result.exit_code == 2, result.output
    assert "no campaign 'leage'" in result.stderr and "did you mean league?" in result.stderr
    assert _files(store.folder) == before


def test_a_record_deleted_while_a_writer_waits_leaves_no_lock_file(store, monkeypatch):
    cid = make_run(store)
    path = store.path(cid)
    os.unlink(str(path) + ".lock")                  # left by the create
    checked, deleting = store._check_folder, []

    def deleted_meanwhile(writing=False):           # runs after the id was found, before
        checked(writing)                            # the append takes the lock
        if writing and not deleting:
            deleting.append(cid)
            store.delete(cid)
    monkeypatch.setattr(store, "_check_folder", deleted_meanwhile)
    with pytest.raises(CampaignNotFoundError):
        store.append(cid, "note", {"text": "x"})
    assert [p.name for p in store.folder.iterdir()] == [".trash"]
