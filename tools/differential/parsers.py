"""The URL parsers of docs/differential.md as urlsplit-like functions for
adapter.py: each returns the parts as CPython's SplitResult names them
(absent parts "", absent hostname and port None), read from the parser's
own result with no reparsing. Representation alone is mapped (brackets
around an IPv6 hostname, which CPython's hostname drops); what each parser
decides (case, percent-encoding, default ports, what it refuses) is left
as it is, since that is what its users get.

    python3 tools/differential/adapter.py parsers:yarl_split
"""
from typing import NamedTuple, Optional


class Split(NamedTuple):
    scheme: str
    netloc: str
    path: str
    query: str
    fragment: str
    hostname: Optional[str]
    port: Optional[int]


def _host(host):
    if host and host.startswith("[") and host.endswith("]"):
        return host[1:-1]
    return host or None


def yarl_split(url):
    import yarl

    u = yarl.URL(url)
    return Split(u.scheme, u.raw_authority, u.raw_path, u.raw_query_string, u.raw_fragment,
                 _host(u.host), u.explicit_port)


def urllib3_split(url):
    from urllib3.util import parse_url

    u = parse_url(url)
    netloc = (u.auth + "@" if u.auth is not None else "") + (u.host or "")
    netloc += ":%d" % u.port if u.port is not None else ""
    return Split(u.scheme or "", netloc, u.path or "", u.query or "", u.fragment or "",
                 _host(u.host), u.port)


def rfc3986_split(url):
    import rfc3986

    u = rfc3986.urlparse(url)
    return Split(u.scheme or "", u.netloc or "", u.path or "", u.query or "", u.fragment or "",
                 _host(u.hostname), u.port)


def hyperlink_split(url):
    import hyperlink

    u = hyperlink.parse(url, decoded=False)
    path = ("/" if u.rooted else "") + "/".join(u.path)
    query = "&".join(k if v is None else k + "=" + v for k, v in u.query)
    return Split(u.scheme, u.authority(with_password=True), path, query, u.fragment,
                 _host(u.host), u.port)


def ada_url_split(url):
    import ada_url

    u = ada_url.parse_url(url)
    user = u["username"] + (":" + u["password"] if u["password"] else "")
    return Split(u["protocol"][:-1], (user + "@" if user else "") + u["host"], u["pathname"],
                 u["search"][1:], u["hash"][1:], _host(u["hostname"]),
                 int(u["port"]) if u["port"] else None)
