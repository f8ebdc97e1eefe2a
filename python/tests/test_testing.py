"""urlsyntax.testing: the Hypothesis strategy of URL-shaped text, and
assert_agrees, which must pass for urllib.parse itself and find a bug
planted in it (a lower-cased user name, a tab left in), under the running
release and under a profile of another."""
import sys
import urllib.parse as stdlib

import pytest

pytest.importorskip("hypothesis")
from hypothesis import given, settings  # noqa: E402

from urlsyntax import _native, testing  # noqa: E402

RUNNING = "%d.%d.%d" % sys.version_info[:3]


def lower_userinfo(url):
    r = stdlib.urlsplit(url)
    user, at, host = r.netloc.rpartition("@")
    return r._replace(netloc=user.lower() + at + host)


def keep_tabs(url):
    """urlsplit with the tabs it removes left in (bpo-43882 undone): each
    goes through as a character of no meaning to urlsplit."""
    url = url.lstrip("".join(map(chr, range(0x21))))
    r = stdlib.urlsplit(url.replace("\t", "\ue000"))
    return r._replace(**{f: getattr(r, f).replace("\ue000", "\t") for f in r._fields})


@settings(max_examples=200, deadline=None)
@given(testing.urls())
def test_urls_are_text_urlsplit_takes(url):
    assert isinstance(url, str)
    try:
        stdlib.urlsplit(url)
    except ValueError:
        pass


def test_urls_reach_the_hostile_pieces():
    seen = set()

    @settings(max_examples=300, deadline=None)
    @given(testing.urls())
    def collect(url):
        seen.add(url)

    collect()
    text = "".join(seen)
    for piece in ("://", "@", "[", "#", "?", "\t"):
        assert piece in text, piece
    assert len(seen) > 100


def test_urllib_parse_agrees_with_itself():
    testing.assert_agrees(stdlib.urlsplit, attributes=("username", "password", "hostname", "port"))


def test_a_sequence_of_five_parts_is_a_reading_too():
    testing.assert_agrees(lambda u: tuple(stdlib.urlsplit(u)))


@pytest.mark.skipif(RUNNING not in _native._releases(), reason="no profile of the running release")
def test_the_running_release_s_profile_agrees():
    testing.assert_agrees(stdlib.urlsplit, profile=RUNNING, attributes=("hostname", "port"))


def test_a_lower_cased_user_name_is_found():
    with pytest.raises(AssertionError) as e:
        # Capitals in a user name are rarer than tabs: more examples.
        testing.assert_agrees(lower_userinfo, attributes=("username",), max_examples=800)
    # Shrunk to a user name of one letter, as in urlsplit('//U@').
    url = str(e.value).split("'")[1]
    assert len(url) <= 12 and "//" in url and url.endswith("@"), e.value
    assert "netloc is" in str(e.value) and "the function gives" in str(e.value)


@pytest.mark.skipif(RUNNING not in _native._releases(), reason="no profile of the running release")
def test_a_tab_left_in_is_found_under_a_profile():
    with pytest.raises(AssertionError) as e:
        testing.assert_agrees(keep_tabs, profile=RUNNING)
    message = str(e.value)
    assert "under CPython %s" % RUNNING in message and "\\t" in message
    assert len(message.split("'")[1]) <= 12, message


def test_another_release_disagrees_with_the_running_one():
    # 3.6.15 keeps the leading spaces and controls later releases strip
    # (CVE-2023-24329), and brackets it does not check.
    with pytest.raises(AssertionError):
        testing.assert_agrees(stdlib.urlsplit, profile="3.6")


def test_unknown_profiles_and_attributes_are_refused():
    with pytest.raises(ValueError, match="no urlsyntax profile"):
        testing.assert_agrees(stdlib.urlsplit, profile="2.7")
    with pytest.raises(ValueError, match="unknown attributes"):
        testing.assert_agrees(stdlib.urlsplit, attributes=("host",))
