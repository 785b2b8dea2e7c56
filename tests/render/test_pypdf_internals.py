"""What hyvekit/render/pypdf_internals.py relies on in pypdf: a writer makes a stream or a
dictionary one of its indirect objects (``PdfWriter.add_object`` where pypdf has it, else the
private ``_add_object``), once, and the reference writes and reads back.  A pypdf that
changes it fails here, not in the middle of a print."""

from __future__ import annotations

import inspect
import io

from pypdf import PdfReader, PdfWriter
from pypdf.generic import DecodedStreamObject, DictionaryObject, IndirectObject, NameObject, \
    NumberObject

from hyvekit.render.pypdf_internals import add_object


def test_the_writer_still_has_the_method_add_object_calls():
    method = getattr(PdfWriter, "add_object", None) or getattr(PdfWriter, "_add_object", None)
    assert method is not None, "pypdf's PdfWriter makes no indirect objects by that name"
    assert list(inspect.signature(method).parameters) == ["self", "obj"]


def test_an_object_added_is_the_writers_once_and_reads_back():
    writer = PdfWriter()
    stream = DecodedStreamObject()
    stream.set_data(b"0 0 m 10 10 l S")
    resources = DictionaryObject({NameObject("/Mark"): NumberObject(7)})
    ref, again = add_object(writer, stream), add_object(writer, stream)
    res_ref = add_object(writer, resources)
    assert isinstance(ref, IndirectObject) and ref.pdf is writer
    assert again == ref and writer.get_object(ref) is stream
    for _ in range(2):                                  # two pages share one stream
        page = writer.add_blank_page(100, 100)
        page[NameObject("/Contents")] = ref
        page[NameObject("/Resources")] = res_ref
    out = io.BytesIO()
    writer.write(out)
    pages = PdfReader(io.BytesIO(out.getvalue())).pages
    assert [p.get_contents().get_data() for p in pages] == [b"0 0 m 10 10 l S"] * 2
    assert pages[0]["/Resources"]["/Mark"] == 7
    assert pages[0].get("/Contents").idnum == pages[1].get("/Contents").idnum
