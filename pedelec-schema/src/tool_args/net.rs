//! [`ToolArgsNode`] for `std::net`'s addresses, which serde reads from
//! their text in JSON: strings whose pattern is exactly what
//! `str::parse` accepts (IPv4 without leading zeros, every RFC 4291 text
//! form of IPv6, ports and scope ids within their range). Socket addresses
//! with a port or scope id written with leading zeros, which std also
//! reads, are refused.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, SocketAddrV4, SocketAddrV6};

use super::foreign::pattern_string;
use super::node::{kind, ToolArgsNode};
use crate::schema::SchemaNode;

/// 0-255, without leading zeros (std refuses `01`).
const OCTET: &str = "(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])";
/// One to four hex digits.
const H16: &str = "[0-9A-Fa-f]{1,4}";
/// 0-65535.
const PORT: &str =
    "(?:6553[0-5]|655[0-2][0-9]|65[0-4][0-9]{2}|6[0-4][0-9]{3}|[1-5][0-9]{4}|[1-9][0-9]{0,3}|0)";
/// 0-4294967295.
const SCOPE_ID: &str = "(?:429496729[0-5]|42949672[0-8][0-9]|4294967[01][0-9]{2}|\
                        429496[0-6][0-9]{3}|42949[0-5][0-9]{4}|4294[0-8][0-9]{5}|\
                        429[0-3][0-9]{6}|42[0-8][0-9]{7}|4[01][0-9]{8}|[1-3][0-9]{9}|\
                        [1-9][0-9]{0,8}|0)";

fn ipv4() -> String {
    format!("{OCTET}(?:\\.{OCTET}){{3}}")
}

/// RFC 3986's `IPv6address`: eight groups, or fewer around one `::` that
/// stands for at least one zero group, the last 32 bits maybe an IPv4
/// address. std's parser accepts exactly this.
fn ipv6() -> String {
    let ls32 = format!("(?:{H16}:{H16}|{})", ipv4());
    // The groups before `::`: at most `n` of them.
    let head = |n: usize| match n {
        0 => String::new(),
        1 => format!("(?:{H16})?"),
        n => format!("(?:(?:{H16}:){{0,{}}}{H16})?", n - 1),
    };
    let forms = [
        format!("(?:{H16}:){{6}}{ls32}"),
        format!("::(?:{H16}:){{5}}{ls32}"),
        format!("{}::(?:{H16}:){{4}}{ls32}", head(1)),
        format!("{}::(?:{H16}:){{3}}{ls32}", head(2)),
        format!("{}::(?:{H16}:){{2}}{ls32}", head(3)),
        format!("{}::{H16}:{ls32}", head(4)),
        format!("{}::{ls32}", head(5)),
        format!("{}::{H16}", head(6)),
        format!("{}::", head(7)),
    ];
    format!("(?:{})", forms.join("|"))
}

fn socket_v4() -> String {
    format!("{}:{PORT}", ipv4())
}

fn socket_v6() -> String {
    format!("\\[{}(?:%{SCOPE_ID})?\\]:{PORT}", ipv6())
}

fn anchored(alternatives: &[String]) -> String {
    format!("^(?:{})$", alternatives.join("|"))
}

macro_rules! addresses {
    ($($ty:ty => $pattern:expr;)*) => {$(
        impl ToolArgsNode for $ty {
            type Kind = kind::String;
            fn node() -> SchemaNode {
                pattern_string(&$pattern)
            }
        }
    )*};
}

addresses! {
    Ipv4Addr => anchored(&[ipv4()]);
    Ipv6Addr => anchored(&[ipv6()]);
    IpAddr => anchored(&[ipv4(), ipv6()]);
    SocketAddrV4 => anchored(&[socket_v4()]);
    SocketAddrV6 => anchored(&[socket_v6()]);
    SocketAddr => anchored(&[socket_v4(), socket_v6()]);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn accepts<T: ToolArgsNode>(text: &str) -> bool {
        let SchemaNode::String(node) = T::node() else {
            panic!("not a string node")
        };
        node.pattern.expect("a pattern").is_match(text)
    }

    /// Each text, whether std parses it as `T`, and whether the pattern
    /// says so too.
    fn agree<T: ToolArgsNode + std::str::FromStr>(texts: &[&str]) {
        for text in texts {
            let parses = text.parse::<T>().is_ok();
            assert_eq!(
                accepts::<T>(text),
                parses,
                "{text:?}: std parses it: {parses}"
            );
        }
    }

    #[test]
    fn ipv4_is_four_octets_without_leading_zeros() {
        agree::<Ipv4Addr>(&[
            "0.0.0.0",
            "255.255.255.255",
            "1.2.3.4",
            "256.1.1.1",
            "01.2.3.4",
            "1.2.3",
            "1.2.3.4.5",
            "1.2.3.4 ",
            "",
            "1..2.3",
            "١.2.3.4",
        ]);
    }

    #[test]
    fn ipv6_has_every_text_form_std_reads() {
        agree::<Ipv6Addr>(&[
            "::",
            "::1",
            "1::",
            "1:2:3:4:5:6:7:8",
            "1:2:3:4:5:6:7::",
            "::2:3:4:5:6:7:8",
            "1:2:3:4:5:6:7:8::",
            "1:2:3:4:5:6:7:8:9",
            "::ffff:1.2.3.4",
            "64:ff9b::1.2.3.4",
            "1:2:3:4:5:6:1.2.3.4",
            "1:2:3:4:5:6:7:1.2.3.4",
            "1.2.3.4::",
            "1::2::3",
            "00000::1",
            "ABCD:ef01::",
            "::ffff:01.2.3.4",
            "fe80::1%3",
            ":1::",
            "1:::2",
            "2001:db8::ff00:42:8329",
            "::1.2.3.4",
            "1::2:3.4.5.6",
            "1:2:3:4:5::1.2.3.4",
            "1:2:3:4:5:6::1.2.3.4",
        ]);
    }

    #[test]
    fn an_ip_address_is_either() {
        agree::<IpAddr>(&["1.2.3.4", "::1", "1.2.3.4.5", "localhost"]);
    }

    #[test]
    fn socket_addresses_have_a_port_in_range() {
        agree::<SocketAddr>(&[
            "1.2.3.4:0",
            "1.2.3.4:65535",
            "1.2.3.4:65536",
            "1.2.3.4",
            "[::1]:80",
            "[::1%4294967295]:80",
            "[::1%4294967296]:80",
            "::1:80",
            "[1.2.3.4]:80",
            "[fe80::1%0]:8080",
        ]);
        agree::<SocketAddrV4>(&["1.2.3.4:80", "[::1]:80"]);
        agree::<SocketAddrV6>(&["[::1]:80", "1.2.3.4:80"]);
        // std also reads leading zeros, which the pattern refuses.
        assert!("1.2.3.4:080".parse::<SocketAddr>().is_ok());
        assert!(!accepts::<SocketAddr>("1.2.3.4:080"));
    }
}
