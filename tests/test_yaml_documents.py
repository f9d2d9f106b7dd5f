"""Where the chunker cuts a YAML stream (referee.yaml_documents.Chunker): at a "---" line after content, with the
directive lines just above it; a "%" at a line's start that no "---" follows is text of the current document
(a scalar continued there), and the parser reads or refuses it in place, as it reads the whole stream."""

from __future__ import annotations

import io

import pytest
import yaml

from referee import yaml_documents
from referee.documents import stream_lines
from referee.errors import InputError
from referee.yaml_blocks import file_chunks
from referee.yaml_documents import iter_yaml, yaml_chunks


def chunks(text: str, limit: int | None = None) -> list[tuple[int, str | InputError]]:
    lines = stream_lines(io.BytesIO(text.encode()), "t.yaml", limit or yaml_documents.MAX_YAML_CHARS)
    if limit is None:
        return list(yaml_chunks(lines, "t.yaml"))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(yaml_documents, "MAX_YAML_CHARS", limit)
        return list(yaml_chunks(lines, "t.yaml"))


def read(text: str) -> list[object]:
    return [
        item if isinstance(item, InputError) else item[2]
        for item in iter_yaml(
            stream_lines(io.BytesIO(text.encode()), "t.yaml", yaml_documents.MAX_YAML_CHARS), "t.yaml"
        )
    ]


@pytest.mark.parametrize(
    "text",
    [
        'note: "a long\n%text"\n',  # a double-quoted scalar continued on a line that starts with "%"
        "note: 'a long\n%text'\n",  # single-quoted
        "a long\n%text\n",  # a plain scalar, the document's root
        'note: "a long\n%text\n\n# not a comment\n"\n',  # the held lines after it, all text of the scalar
    ],
)
def test_a_scalar_continued_on_a_percent_line_is_one_document(text: str) -> None:
    assert chunks(text) == [(1, text)]
    assert read(text) == list(yaml.safe_load_all(text))  # the same value PyYAML reads from the whole stream


def test_directives_before_a_marker_start_the_next_document_with_the_comments_between() -> None:
    text = "a: 1\n%YAML 1.1\n# why\n\n%TAG ! tag:x,2000:\n---\nb: 2\n"
    assert chunks(text) == [(1, "a: 1\n"), (2, "%YAML 1.1\n# why\n\n%TAG ! tag:x,2000:\n---\nb: 2\n")]
    assert read(text) == [{"a": 1}, {"b": 2}]


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("a: 1\n%FOO\nb: 2\n", 1),  # a directive in a document's middle: the document is refused
        ("a: 1\n%YAML 1.1\n", 1),  # a directive and no document after it: refused too (PyYAML refuses both)
    ],
)
def test_a_directive_no_marker_follows_spoils_the_document_it_is_in(text: str, line: int) -> None:
    with pytest.raises(yaml.YAMLError):
        list(yaml.safe_load_all(text))
    (error,) = read(text)
    assert isinstance(error, InputError) and error.location.line is not None
    assert chunks(text) == [(line, text)]


def test_an_unreadable_line_releases_the_held_lines_into_the_current_document() -> None:
    data = b"a: 1\n%YAML 1.1\n\xff\n---\nb: 2\n"
    lines = stream_lines(io.BytesIO(data), "t.yaml", yaml_documents.MAX_YAML_CHARS)
    got = list(yaml_chunks(lines, "t.yaml"))
    assert [start for start, _ in got] == [1, 4]
    assert isinstance(got[0][1], InputError) and got[1][1] == "---\nb: 2\n"


def test_held_lines_are_bounded_as_a_document_is() -> None:
    # 40 characters at most: the comment lines held after the "%" line pass that, so they are released into
    # the current document, which is then refused as too long, and the "---" starts the next
    text = "a: 1\n%YAML 1.1\n" + "# comment line\n" * 4 + "---\nb: 2\n"
    got = chunks(text, limit=40)
    assert [start for start, _ in got] == [1, 7]
    assert isinstance(got[0][1], InputError) and "longer than 40" in str(got[0][1])
    assert got[1][1] == "---\nb: 2\n"


@pytest.mark.parametrize("block", [1, 8, 4096])
def test_the_block_reader_cuts_percent_lines_as_the_line_reader_does(block: int) -> None:
    text = 'a: 1\n---\nnote: "a long\n%text"\nc: 3\n%YAML 1.1\n\n---\nb: 2\n%\n'
    data = text.encode()
    careful = chunks(text)
    assert careful == [
        (1, "a: 1\n"),
        (2, '---\nnote: "a long\n%text"\nc: 3\n'),
        (6, "%YAML 1.1\n\n---\nb: 2\n%\n"),  # the last "%" line held to the end: this document's text
    ]
    assert list(file_chunks(io.BytesIO(data), "t.yaml", None, block)) == careful


@pytest.mark.parametrize("text", ["a:\n\tb: 1\n", "a:\n  b: 300\t\n"])
def test_a_tab_is_said_to_be_one(text: str) -> None:
    # "found character '\t' that cannot start any token" named the character, not what to write instead
    with pytest.raises(InputError) as caught:
        yaml_documents.parse_yaml(text, "club.yaml")
    assert caught.value.location.line == 2
    assert "a tab: YAML takes spaces, not tabs, to indent and after a colon; write spaces there" in str(caught.value)
