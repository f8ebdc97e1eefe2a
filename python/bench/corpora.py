"""The URL lists of the column benchmarks, from the real lists of
tests/data/corpora: ``kasztp`` (web URLs, 45 characters on average),
``node_files`` (``file://`` paths of a source tree, 58), ``long``
(crawl-like URLs, about 120: each ``node_files`` path under a ``kasztp``
site, with the query strings real pages carry (tracking and campaign
parameters, click ids, session ids, search terms, versions) and now and
then a fragment) and ``mid`` (the same without the query strings, 77).
Made by arithmetic on the row number, so the same on every run and
interpreter.

    from corpora import lists
    lists()["long"]  # 43,415 URLs
"""
import hashlib
import os

HERE = os.path.dirname(os.path.abspath(__file__))
CORPORA = os.path.join(os.path.dirname(os.path.dirname(HERE)), "tests", "data", "corpora")


def read(name):
    """The URLs of ``tests/data/corpora/NAME.txt``, one a line, as they are."""
    with open(os.path.join(CORPORA, name + ".txt"), encoding="utf-8") as f:
        return [line.rstrip("\n") for line in f]


def _token(i, n):
    """``n`` hex digits, fixed for row ``i``."""
    return hashlib.sha256(b"%d" % i).hexdigest()[:n]


def _query(i, path):
    words = [w for w in path.replace(".", "/").replace("-", "/").split("/") if w]
    word = words[i % len(words)] if words else "home"
    kind = i % 9
    if kind == 0:
        return ""
    if kind == 1:
        return "?utm_source=newsletter&utm_medium=email&utm_campaign=%s_2024" % word
    if kind == 2:
        return "?ref=%s&gclid=Cj0KCQjw%s" % (word, _token(i, 40))
    if kind == 3:
        return "?v=%d&lang=en-US" % (i * 7919 % 100000)
    if kind == 4:
        return "?fbclid=IwAR%s" % _token(i, 44)
    if kind == 5:
        return "?q=%s&page=%d" % ("+".join(words[-3:]) or "x", i % 40 + 1)
    if kind == 6:
        return "?PHPSESSID=%s#section-%s" % (_token(i, 26), word)
    if kind == 7:
        return "?utm_source=google&utm_medium=cpc&utm_campaign=brand&utm_term=%s&utm_content=%s" % (
            word, _token(i, 8))
    return "#%s" % word


def _sites():
    """The sites of ``kasztp`` (scheme and host), in order, once each."""
    sites = []
    seen = set()
    for url in read("kasztp"):
        url = url.lstrip("\ufeff")
        scheme, sep, rest = url.partition("://")
        site = scheme + sep + rest.split("/", 1)[0].split("?", 1)[0]
        if sep and site not in seen:
            seen.add(site)
            sites.append(site)
    return sites


def _paths_under_sites(query):
    """Each ``node_files`` path under one of ``kasztp``'s sites, followed by
    ``query(i, path)``."""
    sites = _sites()
    out = []
    for i, url in enumerate(read("node_files")):
        path = url[len("file://"):] if url.startswith("file://") else url
        out.append("%s/%s%s" % (sites[i * 7919 % len(sites)], path, query(i, path)))
    return out


def long_urls():
    """``node_files``' paths under ``kasztp``'s sites, with query strings."""
    return _paths_under_sites(_query)


def mid_urls():
    """The same paths under the same sites, without query strings (about
    80 characters)."""
    return _paths_under_sites(lambda i, path: "")


def lists(mid=False):
    """``{name: urls}``: kasztp, node_files and long (and ``mid``, of about
    80 characters, when asked)."""
    out = {"kasztp": read("kasztp"), "node_files": read("node_files")}
    if mid:
        out["mid"] = mid_urls()
    out["long"] = long_urls()
    return out


def mean_length(urls):
    return sum(map(len, urls)) / len(urls)
