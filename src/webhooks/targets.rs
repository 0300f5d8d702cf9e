//! Which URLs a webhook may target: `http` or `https`, and (unless
//! private targets are allowed) no address that reaches the server's own
//! machine or network — loopback, private, link-local, multicast,
//! unspecified and the like, IPv4 and IPv6, however written (`localhost`,
//! `http://2130706433/`, `[::ffff:127.0.0.1]`). A URL is checked when it is
//! saved, and every address its host resolves to is checked again when a
//! delivery connects, to the address checked (so a DNS answer that
//! changed since, a rebinding, is refused too).

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};

use url::{Host, Url};

/// The longest URL accepted, in bytes.
pub const MAX_URL_BYTES: usize = 2048;

/// A target refused, and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("the url is not a valid absolute URL: {0}")]
    Invalid(String),
    #[error("the url's scheme is {0:?}; webhooks are sent over http or https only")]
    Scheme(String),
    #[error("the url's host {0} is not a public address (loopback, private, link-local, multicast or unspecified addresses are refused)")]
    Private(String),
}

/// A target parsed and checked, for a delivery.
#[derive(Debug, Clone)]
pub struct Target {
    pub url: Url,
    pub https: bool,
    pub host: String,
    pub port: u16,
}

/// Parses `url` and checks what can be checked without DNS: the scheme,
/// and, unless `allow_private`, an address or `localhost` as host.
pub fn check_url(url: &str, allow_private: bool) -> Result<Target, Refusal> {
    if url.len() > MAX_URL_BYTES {
        return Err(Refusal::Invalid(format!(
            "it is longer than {MAX_URL_BYTES} bytes"
        )));
    }
    let parsed = Url::parse(url).map_err(|e| Refusal::Invalid(e.to_string()))?;
    let https = match parsed.scheme() {
        "http" => false,
        "https" => true,
        other => return Err(Refusal::Scheme(other.to_owned())),
    };
    let host = match parsed.host() {
        None => return Err(Refusal::Invalid("it has no host".to_owned())),
        Some(Host::Domain(domain)) => {
            let lower = domain.trim_end_matches('.').to_ascii_lowercase();
            if !allow_private && (lower == "localhost" || lower.ends_with(".localhost")) {
                return Err(Refusal::Private(domain.to_owned()));
            }
            domain.to_owned()
        }
        Some(Host::Ipv4(ip)) => {
            check_address(IpAddr::V4(ip), allow_private)?;
            ip.to_string()
        }
        Some(Host::Ipv6(ip)) => {
            check_address(IpAddr::V6(ip), allow_private)?;
            ip.to_string()
        }
    };
    let port = parsed
        .port_or_known_default()
        .ok_or_else(|| Refusal::Invalid("it has no port".to_owned()))?;
    Ok(Target {
        url: parsed,
        https,
        host,
        port,
    })
}

/// Refuses a non-public address unless `allow_private`.
pub fn check_address(ip: IpAddr, allow_private: bool) -> Result<(), Refusal> {
    if allow_private || is_public(ip) {
        Ok(())
    } else {
        Err(Refusal::Private(ip.to_string()))
    }
}

/// Why a target's addresses cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Unusable {
    #[error("{0}")]
    Unresolved(String),
    #[error("{0}")]
    Refused(Refusal),
}

/// Resolves the target's host and checks every address it resolves to:
/// the addresses to connect to (all of them public, unless
/// `allow_private`).
pub async fn resolve(target: &Target, allow_private: bool) -> Result<Vec<SocketAddr>, Unusable> {
    let host = target.host.as_str();
    let addresses: Vec<SocketAddr> = match host.parse::<IpAddr>() {
        Ok(ip) => vec![SocketAddr::new(ip, target.port)],
        Err(_) => tokio::net::lookup_host((host, target.port))
            .await
            .map_err(|e| Unusable::Unresolved(format!("cannot resolve {host}: {e}")))?
            .collect(),
    };
    if addresses.is_empty() {
        return Err(Unusable::Unresolved(format!(
            "{host} resolves to no address"
        )));
    }
    for address in &addresses {
        check_address(address.ip(), allow_private).map_err(Unusable::Refused)?;
    }
    Ok(addresses)
}

/// Whether an address is public: none of loopback, private, shared
/// (carrier-grade NAT), link-local, multicast, broadcast, unspecified,
/// reserved or documentation ranges; an IPv6 address that embeds an IPv4
/// one (mapped, compatible, NAT64, 6to4) is judged by that one.
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => is_public_v4(v4),
        IpAddr::V6(v6) => is_public_v6(v6),
    }
}

fn is_public_v4(ip: Ipv4Addr) -> bool {
    let [a, b, c, _] = ip.octets();
    !(a == 0
        || a == 10
        || a == 127
        || (a == 100 && (64..128).contains(&b))
        || (a == 169 && b == 254)
        || (a == 172 && (16..32).contains(&b))
        || (a == 192 && b == 168)
        || (a == 192 && b == 0 && c == 0)
        || (a == 192 && b == 0 && c == 2)
        || (a == 198 && (b == 18 || b == 19))
        || (a == 198 && b == 51 && c == 100)
        || (a == 203 && b == 0 && c == 113)
        || a >= 224)
}

fn is_public_v6(ip: Ipv6Addr) -> bool {
    let segments = ip.segments();
    if let Some(v4) = embedded_v4(ip) {
        return is_public_v4(v4);
    }
    let first = segments[0];
    !(ip.is_unspecified()
        || ip.is_loopback()
        || first & 0xff00 == 0xff00 // multicast
        || first & 0xffc0 == 0xfe80 // link-local
        || first & 0xffc0 == 0xfec0 // site-local (deprecated)
        || first & 0xfe00 == 0xfc00 // unique local
        || (first == 0x2001 && segments[1] == 0x0db8) // documentation
        || first == 0x0100 && segments[1..4] == [0, 0, 0]) // discard-only
}

/// The IPv4 address an IPv6 one carries: mapped (`::ffff:a.b.c.d`),
/// compatible (`::a.b.c.d`), NAT64 (`64:ff9b::a.b.c.d`) or 6to4
/// (`2002:aabb:ccdd::`).
fn embedded_v4(ip: Ipv6Addr) -> Option<Ipv4Addr> {
    let s = ip.segments();
    let last =
        |hi: u16, lo: u16| Ipv4Addr::new((hi >> 8) as u8, hi as u8, (lo >> 8) as u8, lo as u8);
    if s[0..5] == [0, 0, 0, 0, 0] && (s[5] == 0xffff || (s[5] == 0 && (s[6] != 0 || s[7] > 1))) {
        return Some(last(s[6], s[7]));
    }
    if s[0] == 0x0064 && s[1] == 0xff9b && s[2..6] == [0, 0, 0, 0] {
        return Some(last(s[6], s[7]));
    }
    if s[0] == 0x2002 {
        return Some(last(s[1], s[2]));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(url: &str) -> bool {
        matches!(check_url(url, false), Err(Refusal::Private(_)))
    }

    #[test]
    fn loopback_private_and_odd_spellings_are_refused() {
        for url in [
            "http://127.0.0.1/",
            "http://127.1.2.3:8080/hook",
            "http://2130706433/",
            "http://0x7f000001/",
            "http://0177.0.0.1/",
            "http://localhost/",
            "http://LOCALHOST./",
            "http://api.localhost/",
            "http://10.1.2.3/",
            "http://172.16.0.1/",
            "http://172.31.255.255/",
            "http://192.168.1.1/",
            "http://169.254.169.254/latest/meta-data",
            "http://100.64.0.1/",
            "http://0.0.0.0/",
            "http://224.0.0.1/",
            "http://255.255.255.255/",
            "http://[::1]/",
            "http://[::]/",
            "http://[fe80::1]/",
            "http://[fc00::1]/",
            "http://[fd12:3456::1]/",
            "http://[ff02::1]/",
            "http://[::ffff:127.0.0.1]/",
            "http://[::ffff:10.0.0.1]/",
            "http://[64:ff9b::7f00:1]/",
            "http://[2002:7f00:1::]/",
        ] {
            assert!(refused(url), "{url} should be refused");
        }
    }

    #[test]
    fn public_addresses_and_names_pass() {
        for url in [
            "http://93.184.215.14/",
            "https://8.8.8.8:8443/x",
            "http://172.32.0.1/",
            "http://100.128.0.1/",
            "https://[2606:4700::1111]/",
            "https://example.com/hooks/oanquan",
        ] {
            assert!(check_url(url, false).is_ok(), "{url} should pass");
        }
    }

    #[test]
    fn only_http_and_https() {
        for url in [
            "ftp://example.com/",
            "file:///etc/passwd",
            "gopher://example.com/",
            "javascript:alert(1)",
        ] {
            assert!(
                matches!(check_url(url, false), Err(Refusal::Scheme(_))),
                "{url}"
            );
        }
        assert!(matches!(
            check_url("not a url", false),
            Err(Refusal::Invalid(_))
        ));
    }

    #[test]
    fn private_targets_pass_when_allowed() {
        let target = check_url("http://127.0.0.1:9/hook", true).expect("allowed");
        assert_eq!((target.host.as_str(), target.port), ("127.0.0.1", 9));
        assert!(check_url("http://localhost/", true).is_ok());
        assert!(matches!(
            check_url("ftp://127.0.0.1/", true),
            Err(Refusal::Scheme(_))
        ));
    }

    #[tokio::test]
    async fn a_name_resolving_to_loopback_is_refused_at_delivery() {
        // `localhost` resolves to 127.0.0.1 (and ::1): the check made at
        // delivery time refuses it by its answer, not its name.
        let target = check_url("http://localhost:9/", true).expect("parsed");
        assert!(resolve(&target, false).await.is_err());
        assert!(resolve(&target, true).await.is_ok());
    }
}
