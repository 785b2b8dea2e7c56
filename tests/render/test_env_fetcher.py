"""The jinja2 environment and the packaged-only URL fetcher."""

from __future__ import annotations

import pytest

from hyvekit.render.env import make_env, render_html, templates_dir
from hyvekit.render.fetcher import packaged_fetcher, resolve_packaged
from hyvekit.rules.common import InvalidInputError

pytestmark = pytest.mark.filterwarnings("ignore:HarfBuzz-Subset:DeprecationWarning")


def test_templates_dir_holds_the_printables():
    folder = templates_dir()
    for name in ("base.css", "legacy-sheet.html", "pad-beelives.html",
                 "aid-beelives-month.html"):
        assert (folder / name).is_file()


def test_env_autoescapes_and_is_strict(tmp_path):
    import jinja2

    (tmp_path / "t.html").write_text("<p>{{ name }}</p>")
    env = make_env(tmp_path)
    assert env.get_template("t.html").render(name="<b>&") == "<p>&lt;b&gt;&amp;</p>"
    (tmp_path / "u.html").write_text("{{ missing }}")
    with pytest.raises(jinja2.UndefinedError):
        env.get_template("u.html").render()


def test_override_folder_comes_first(tmp_path):
    (tmp_path / "base.css").write_text("/* mine */")
    env = make_env(tmp_path)
    assert env.get_template("base.css").render() == "/* mine */"
    # files it lacks still come from the packaged folder
    assert "hyvekit" in env.loader.get_source(env, "legacy-sheet.html")[0]


def test_missing_template_and_folder_are_input_errors(tmp_path):
    with pytest.raises(InvalidInputError, match="nope.html"):
        render_html("nope.html", {})
    with pytest.raises(InvalidInputError, match="--templates"):
        make_env(tmp_path / "absent")


@pytest.fixture
def fetcher():
    return packaged_fetcher()


def test_fetcher_serves_packaged_css(fetcher):
    url = (templates_dir() / "base.css").resolve().as_uri()
    response = fetcher.fetch(url)
    assert response.content_type == "text/css"
    assert b"@page" in response.read()
    response.close()


@pytest.mark.parametrize("url", [
    "file:///etc/passwd",
    "http://example.com/x.css",
    "https://example.com/x.css",
    "ftp://example.com/x.css",
    "file://otherhost/etc/passwd",
])
def test_fetcher_refuses(fetcher, url):
    from weasyprint.urls import FatalURLFetchingError

    with pytest.raises(FatalURLFetchingError) as info:
        fetcher.fetch(url)
    assert info.value.url == url


def test_fetcher_refuses_escape_from_the_packaged_folder(fetcher, tmp_path):
    from weasyprint.urls import FatalURLFetchingError

    escape = templates_dir().resolve().as_uri() + "/../pyproject.toml"
    with pytest.raises(FatalURLFetchingError):
        fetcher.fetch(escape)


def test_fetcher_refuses_symlink_out_of_its_root(tmp_path):
    from weasyprint.urls import FatalURLFetchingError

    root = tmp_path / "templates"
    root.mkdir()
    (root / "ok.css").write_text("p{}")
    secret = tmp_path / "secret.txt"
    secret.write_text("secret")
    try:
        (root / "link.css").symlink_to(secret)
    except OSError:
        pytest.skip("cannot create a symlink here")
    fetcher = packaged_fetcher(root=root)
    assert fetcher.fetch((root / "ok.css").as_uri()).read() == b"p{}"
    with pytest.raises(FatalURLFetchingError):
        fetcher.fetch((root / "link.css").as_uri())


def test_fetcher_allows_data_urls(fetcher):
    response = fetcher.fetch("data:text/css;base64,Ym9keXt9")
    assert response.read() == b"body{}"
    assert response.content_type == "text/css"


def test_fetcher_prefers_override_file(tmp_path):
    (tmp_path / "base.css").write_text("/* player's own */")
    fetcher = packaged_fetcher(overrides=[tmp_path])
    url = (templates_dir() / "base.css").resolve().as_uri()
    assert fetcher.fetch(url).read() == b"/* player's own */"
    # an override folder does not widen what URLs are accepted
    assert resolve_packaged(url, templates_dir(), [tmp_path]) == (tmp_path / "base.css").resolve()
    with pytest.raises(PermissionError):
        resolve_packaged((tmp_path / "base.css").as_uri(), templates_dir(), [tmp_path])
