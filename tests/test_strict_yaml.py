"""The C loader takes only what it can vouch for; what it declines, the pure loader reads, with the same result."""

from __future__ import annotations

import pytest
import yaml

from referee import strict_yaml
from referee.documents import parse_yaml
from referee.errors import InputError

pytestmark = pytest.mark.skipif(not getattr(yaml, "__with_libyaml__", False), reason="PyYAML without libyaml")

WITH_ALIASES = [
    "base: &b [1, 2]\ncopy: *b\n",
    "- &x 1\n- *x\n",
    "{a: &v 3, b: *v}\n",
    '{"a": &v 3, "b":*v}\n',  # a JSON-like key: the alias may follow its colon with no space
    "key:\n  *missing\n",
]
WITHOUT = ['note: "***THE PROGRAM DOES NOT FOLLOW THESE***"\n', "sum: 3 * 4\n", "name: foo*bar\n"]


@pytest.mark.parametrize("text", WITH_ALIASES)
def test_a_text_that_may_hold_an_alias_is_left_to_the_pure_loader(text: str) -> None:
    with pytest.raises(strict_yaml.Declined):
        strict_yaml.CStrictLoader(text)


@pytest.mark.parametrize("text", WITHOUT)
def test_a_star_that_is_no_alias_stays_with_the_c_loader(text: str) -> None:
    loader = strict_yaml.CStrictLoader(text)
    assert loader.check_node()
    assert loader.construct_document(loader.get_node()) == yaml.load(text, Loader=strict_yaml.PureStrictLoader)


@pytest.mark.parametrize("text", WITH_ALIASES[:4])
def test_declined_texts_read_as_the_pure_loader_reads_them(text: str) -> None:
    assert parse_yaml(text, "t.yaml") == yaml.load(text, Loader=strict_yaml.PureStrictLoader)


def test_no_path_resolver_is_added_so_the_c_loader_may_skip_following_paths() -> None:
    """CStrictLoader's descend and ascend resolvers do nothing: right only while no path resolver exists."""
    assert not strict_yaml.CStrictLoader.yaml_path_resolvers
    text = "a:\n  - [1, {b: c}]\n  - d: [e, f]\n"
    assert parse_yaml(text, "t.yaml") == yaml.load(text, Loader=strict_yaml.PureStrictLoader)


# Tabs: libyaml takes a tab as white space where YAML allows one (after a colon, inside or after a plain value, in a
# flow), PyYAML's pure scanner refuses it there ("found character '\t' that cannot start any token"). A log's
# reading must not depend on which is installed: the C loader leaves any text with a tab to the pure one.
WITH_TABS = [
    "a:\t1\n",
    "players: [N, E, S,\tW]\n",
    "true: a\tb\n",
    "a: 1\t\n",
    "- a\tb\n",
    "a:  b\t# c\n",
    "a: 'x\ty'\n",  # in a quoted text both take it
    "a: |\n  x\ty\n",
    "a:\n\t- 1\n",  # as indentation both refuse it
]


def _read(text: str) -> object:
    try:
        return parse_yaml(text, "t.yaml")
    except InputError as exc:
        return str(exc)


@pytest.mark.parametrize("text", WITH_TABS)
def test_a_text_with_a_tab_reads_as_the_pure_loader_reads_it(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    with_libyaml = _read(text)
    monkeypatch.setattr(strict_yaml, "StrictLoader", strict_yaml.PureStrictLoader)
    assert with_libyaml == _read(text)


@pytest.mark.parametrize("text", ["base: &b {a: 1}\ncopy:\n  <<: *b\n  c: 2\n", "copy:\n  <<: {a: 1}\n"])
def test_a_merge_key_is_refused_in_words_that_name_it(text: str) -> None:
    # it was said in PyYAML's words: "could not determine a constructor for the tag 'tag:yaml.org,2002:merge'"
    with pytest.raises(InputError) as caught:
        parse_yaml(text, "t.yaml")
    assert caught.value.message == (
        "not valid YAML: a merge key (<<) has no place in a log or a spec: write the fields out in full"
    )
    assert caught.value.location.line == text.count("\n", 0, text.index("<<")) + 1
