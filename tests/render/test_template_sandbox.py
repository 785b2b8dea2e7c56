"""A player's template pack cannot run code, read files or follow links out of its folder
(issue 13): the sandbox, the confined loader and the fetcher."""

from __future__ import annotations

import pytest

from hyvekit.render.env import render_html, templates_dir
from hyvekit.render.fetcher import packaged_fetcher
from hyvekit.rules.common import InvalidInputError

pytestmark = pytest.mark.filterwarnings("ignore:HarfBuzz-Subset:DeprecationWarning")


@pytest.mark.parametrize("escape", [
    '{{ cycler.__init__.__globals__.os.popen("echo PWNED").read() }}',
    "{{ lipsum.__globals__['__builtins__']['open']('/etc/hostname').read() }}",
    "{{ ''.__class__.__mro__[1].__subclasses__() }}",
    "{{ joiner.__init__.__globals__ }}",
])
def test_code_in_a_players_template_does_not_run(tmp_path, escape):
    (tmp_path / "t.html").write_text(f"<p>{escape}</p>")
    with pytest.raises(InvalidInputError, match="sandbox|unsafe|undefined") as info:
        render_html("t.html", {}, tmp_path)
    assert "PWNED" not in str(info.value)


def test_a_players_template_may_still_use_the_context(tmp_path):
    (tmp_path / "t.html").write_text("{% for x in items %}{{ x.upper() }}{% endfor %}")
    assert render_html("t.html", {"items": ["a", "b"]}, tmp_path) == "AB"


def _link(link, target):
    try:
        link.symlink_to(target)
    except OSError:
        pytest.skip("cannot create a symlink here")


def test_include_of_a_link_out_of_the_folder_is_refused(tmp_path):
    pack, secret = tmp_path / "pack", tmp_path / "secret.txt"
    pack.mkdir()
    secret.write_text("SECRET")
    _link(pack / "leak.txt", secret)
    (pack / "t.html").write_text('{% include "leak.txt" %}')
    with pytest.raises(InvalidInputError, match="leak.txt.*leads out") as info:
        render_html("t.html", {}, pack)
    assert "SECRET" not in str(info.value)


def test_a_template_that_is_itself_a_link_out_is_refused(tmp_path):
    pack, outside = tmp_path / "pack", tmp_path / "outside.html"
    pack.mkdir()
    outside.write_text("OUTSIDE")
    _link(pack / "t.html", outside)
    with pytest.raises(InvalidInputError, match="leads out"):
        render_html("t.html", {}, pack)


def test_a_link_inside_the_folder_is_followed(tmp_path):
    (tmp_path / "real.html").write_text("ok")
    _link(tmp_path / "t.html", tmp_path / "real.html")
    assert render_html("t.html", {}, tmp_path) == "ok"


def test_a_fifo_is_not_read(tmp_path):
    import os

    os.mkfifo(tmp_path / "t.html")
    with pytest.raises(InvalidInputError, match="not a regular file"):
        render_html("t.html", {}, tmp_path)


def test_a_failing_players_template_is_bad_input(tmp_path):
    (tmp_path / "t.html").write_text("{{ 1 // 0 }}")
    with pytest.raises(InvalidInputError, match="ZeroDivisionError"):
        render_html("t.html", {}, tmp_path)


def _pack_with_a_css_link_out(tmp_path):
    pack, secret = tmp_path / "pack", tmp_path / "secret.css"
    pack.mkdir()
    secret.write_text("p { color: red }")
    _link(pack / "base.css", secret)
    return pack


def test_a_symlinked_css_in_the_override_folder_is_refused(tmp_path):
    from weasyprint.urls import FatalURLFetchingError

    pack = _pack_with_a_css_link_out(tmp_path)
    fetcher = packaged_fetcher(overrides=[pack])
    with pytest.raises(FatalURLFetchingError, match="leads out"):
        fetcher.fetch((templates_dir() / "base.css").resolve().as_uri())


def test_a_symlinked_css_stops_the_print_with_an_error(tmp_path):
    from hyvekit.render.pdf import render_pdf

    pack = _pack_with_a_css_link_out(tmp_path)
    (pack / "t.html").write_text('<link rel="stylesheet" href="base.css"><p>x</p>')
    with pytest.raises(InvalidInputError, match="base.css"):
        render_pdf("t.html", {}, out=tmp_path / "x.pdf", templates_dir_override=pack)
    assert not (tmp_path / "x.pdf").exists()
