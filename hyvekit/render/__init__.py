"""Printing: jinja2 templates rendered to PDF by weasyprint.

* :mod:`hyvekit.render.env` – the jinja2 environment (autoescaping, ``StrictUndefined``, the
  player's override folder before the packaged templates) and :func:`templates_dir`.
* :mod:`hyvekit.render.fetcher` – the weasyprint URL fetcher that serves packaged resources only.
* :mod:`hyvekit.render.pdf` – :func:`render_pdf`: one render, copies duplicated with pypdf.
* :mod:`hyvekit.render.printables` – the catalogue of printables and their context builders.

weasyprint, reportlab and pypdf are imported inside the functions that print, never at module
level, so importing this package (and ``hyvekit --help``) stays fast.
"""
