"""``hyvekit serve``: the table as a live web page on every phone at the table and on a TV
(:mod:`.app`).  Imported only by that command: nothing else loads Starlette or uvicorn."""
