//! Addresses: `url_addr`, `url_socksymbol`, and addresses printed as
//! `Unix.string_of_inet_addr` prints them.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use super::{Component, Error, Url};
use crate::grammar::rfc3986::{ipv4address_octets, ipv6address_pieces};

/// A host (by address or by name) and a port (Ocamlnet's
/// `Netsockaddr.socksymbol`, its `Inet` and `Inet_byname` cases).
///
/// ```
/// use urlsyntax_neturl::{SockSymbol, Url};
/// let url: Url = "http://127.0.0.1:8080/".parse()?;
/// assert_eq!(url.socksymbol(80)?, SockSymbol::Inet([127, 0, 0, 1].into(), 8080));
/// # Ok::<(), urlsyntax_neturl::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SockSymbol {
    /// An address and a port.
    Inet(IpAddr, u16),
    /// A host name and a port.
    InetByName(String, u16),
}

/// `inet_pton(AF_INET)`: RFC 3986's `IPv4address`, the whole string.
fn ipv4(s: &str) -> Option<Ipv4Addr> {
    match ipv4address_octets(s) {
        Ok(("", octets)) => Some(Ipv4Addr::from(octets)),
        _ => None,
    }
}

/// `inet_pton(AF_INET6)`: RFC 3986's `IPv6address`, the whole string,
/// without embedded IPv4 (Neturl's bracketed hosts cannot hold dots).
fn ipv6(s: &str) -> Option<Ipv6Addr> {
    match ipv6address_pieces(s) {
        Ok(("", pieces)) if !s.contains('.') => Some(Ipv6Addr::from(pieces)),
        _ => None,
    }
}

/// The address a host string denotes: `[v6]` or a dotted quad.
pub(crate) fn host_addr(host: &str) -> Option<IpAddr> {
    if let Some(inner) = host.strip_prefix('[').and_then(|h| h.strip_suffix(']')) {
        ipv6(inner).map(IpAddr::V6)
    } else {
        ipv4(host).map(IpAddr::V4)
    }
}

/// An address as `Unix.string_of_inet_addr` (glibc's `inet_ntop`) prints
/// it: IPv6 with the first longest run of two or more zero groups as `::`,
/// lowercase hex, and `::a.b.c.d` / `::ffff:a.b.c.d` for IPv4-compatible
/// and -mapped addresses.
///
/// ```
/// use urlsyntax_neturl::format_inet_addr;
/// assert_eq!(format_inet_addr(&"::ffff:1.2.3.4".parse().unwrap()), "::ffff:1.2.3.4");
/// ```
pub fn format_inet_addr(a: &IpAddr) -> String {
    let v6 = match a {
        IpAddr::V4(v4) => return v4.to_string(),
        IpAddr::V6(v6) => v6,
    };
    let w = v6.segments();
    let (mut best, mut best_len) = (None::<usize>, 0usize);
    let (mut cur, mut cur_len) = (None::<usize>, 0usize);
    for (i, &x) in w.iter().enumerate() {
        if x == 0 {
            if cur.is_none() {
                cur = Some(i);
                cur_len = 1;
            } else {
                cur_len += 1;
            }
        } else if let Some(c) = cur.take() {
            if best.is_none() || cur_len > best_len {
                best = Some(c);
                best_len = cur_len;
            }
        }
    }
    if let Some(c) = cur {
        if best.is_none() || cur_len > best_len {
            best = Some(c);
            best_len = cur_len;
        }
    }
    if best_len < 2 {
        best = None;
    }
    let mut out = String::new();
    let mut i = 0;
    while i < 8 {
        if let Some(b) = best {
            if i >= b && i < b + best_len {
                if i == b {
                    out.push(':');
                }
                i += 1;
                continue;
            }
        }
        if i != 0 {
            out.push(':');
        }
        if i == 6 && best == Some(0) && (best_len == 6 || (best_len == 5 && w[5] == 0xffff)) {
            let o = v6.octets();
            out.push_str(&Ipv4Addr::new(o[12], o[13], o[14], o[15]).to_string());
            return out;
        }
        out.push_str(&format!("{:x}", w[i]));
        i += 1;
    }
    if best.is_some_and(|b| b + best_len == 8) {
        out.push(':');
    }
    out
}

impl Url {
    /// `url_addr`: the host as an IP address (`Not_found` when there is no
    /// host or it is a name).
    ///
    /// ```
    /// use urlsyntax_neturl::Url;
    /// let url: Url = "http://127.0.0.1/".parse()?;
    /// assert_eq!(url.addr()?, std::net::IpAddr::from([127, 0, 0, 1]));
    /// assert!("http://h/".parse::<Url>()?.addr().is_err());
    /// # Ok::<(), urlsyntax_neturl::Error>(())
    /// ```
    pub fn addr(&self) -> Result<IpAddr, Error> {
        self.host().and_then(host_addr).ok_or(Error::NotFound {
            part: Component::Host,
        })
    }

    /// `url_socksymbol url default_port`: host (as an address when it is
    /// one) and port, `default_port` when the URL has none; `Not_found`
    /// without a host.
    ///
    /// ```
    /// use urlsyntax_neturl::{SockSymbol, Url};
    /// let url: Url = "http://h/".parse()?;
    /// assert_eq!(url.socksymbol(80)?, SockSymbol::InetByName("h".into(), 80));
    /// # Ok::<(), urlsyntax_neturl::Error>(())
    /// ```
    pub fn socksymbol(&self, default_port: u16) -> Result<SockSymbol, Error> {
        let host = self.url_host()?;
        let port = self.port.unwrap_or(default_port);
        Ok(match host_addr(host) {
            Some(a) => SockSymbol::Inet(a, port),
            None => SockSymbol::InetByName(host.to_string(), port),
        })
    }
}
