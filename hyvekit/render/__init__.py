"""Printing: jinja2 templates rendered to PDF by weasyprint.

* :mod:`hyvekit.render.env` – the jinja2 environment (autoescaping, ``StrictUndefined``, the
  player's override folder before the packaged templates) and :func:`templates_dir`.
* :mod:`hyvekit.render.fetcher` – the weasyprint URL fetcher that serves packaged resources only.
* :mod:`hyvekit.render.pdf` – :func:`render_pdf`: one render, then N-up imposition (1, 2 or 4
  per sheet, crop marks) and copies with pypdf, and the PDF metadata.
* :mod:`hyvekit.render.printables` – the catalogue of printables, their context builders and
  :func:`~hyvekit.render.printables.blank_context` (``hyvekit print all``).

Templates use the DejaVu Sans fonts bundled in ``templates/fonts/`` (embedded in every PDF) and,
with ``--ink-saver``, ``templates/ink-saver.css`` on top of their own stylesheets.

weasyprint, reportlab and pypdf are imported inside the functions that print, never at module
level, so importing this package (and ``hyvekit --help``) stays fast.
"""
