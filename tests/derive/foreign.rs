//! Types that are not the derive's own: std's addresses and paths (always),
//! and `uuid`, `chrono`, `url` and `time` behind the features of their
//! names (which the workspace's tests turn on). Each
//! publishes a string node inside the subset, and reads what it accepts;
//! where a pattern cannot hold a rule, serde's refusal comes back with the
//! field's path.

// The types exist for their schemas; not every field is read back.
#![allow(dead_code)]

use crate::derive_support;

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, SocketAddrV4, SocketAddrV6};
use std::path::PathBuf;

use derive_support::{assert_no_lint_errors, property, required};
use pedelec_schema::{ArgsError, ToolArgs};
use serde::Deserialize;
use serde_json::{json, Value};

/// The keywords of every error, `path keyword`.
fn failures(error: &ArgsError) -> Vec<String> {
    match error {
        ArgsError::Deserialize(refusal) => vec![format!("{} deserialize", refusal.path())],
        _ => error
            .errors()
            .iter()
            .map(|e| format!("{} {}", e.path(), e.keyword()))
            .collect(),
    }
}

#[derive(Debug, Deserialize, ToolArgs)]
struct Endpoint {
    ip: IpAddr,
    v4: Ipv4Addr,
    v6: Option<Ipv6Addr>,
    socket: SocketAddr,
    socket_v4: Option<SocketAddrV4>,
    socket_v6: Option<SocketAddrV6>,
    /// Where to write.
    dir: PathBuf,
}

#[test]
fn addresses_are_strings_with_exact_patterns_and_paths_are_strings() {
    for name in ["ip", "v4", "v6", "socket", "socket_v4", "socket_v6"] {
        let node = property::<Endpoint>(name);
        assert_eq!(node["type"], "string", "{name}");
        assert!(node["pattern"].as_str().unwrap().starts_with('^'), "{name}");
    }
    assert_eq!(
        property::<Endpoint>("dir"),
        json!({"type": "string", "description": "Where to write."})
    );
    assert_eq!(required::<Endpoint>(), ["ip", "v4", "socket", "dir"]);
}

#[test]
fn addresses_read_what_their_patterns_accept_and_nothing_else() {
    let good = json!({
        "ip": "::ffff:10.0.0.1", "v4": "10.0.0.1", "v6": "fe80::1", "socket": "[::1%2]:8080",
        "socket_v4": "127.0.0.1:0", "socket_v6": "[2001:db8::1]:65535", "dir": "/tmp/é"
    });
    let endpoint = Endpoint::from_args(good).unwrap();
    assert_eq!(endpoint.socket.port(), 8080);
    assert_eq!(endpoint.dir, PathBuf::from("/tmp/é"));
    let bad = json!({
        "ip": "10.0.0.256", "v4": "::1", "v6": "1::2::3", "socket": "10.0.0.1:65536",
        "socket_v4": "10.0.0.1", "socket_v6": "[::1]", "dir": 7
    });
    let error = Endpoint::from_args(bad).unwrap_err();
    assert_eq!(
        failures(&error),
        [
            "/dir type",
            "/ip pattern",
            "/socket pattern",
            "/socket_v4 pattern",
            "/socket_v6 pattern",
            "/v4 pattern",
            "/v6 pattern"
        ]
    );
}

#[test]
fn these_schemas_lint_without_errors() {
    let mut schemas: Vec<(&str, Value)> = schemas![Endpoint];
    schemas.extend(schemas![uuid_type::Ticket]);
    schemas.extend(schemas![chrono_types::Meeting]);
    schemas.extend(schemas![url_type::Fetch]);
    schemas.extend(schemas![time_types::Remind]);
    assert_no_lint_errors(schemas);
}

mod uuid_type {
    use super::*;
    use uuid::Uuid;

    #[derive(Debug, Deserialize, ToolArgs)]
    pub struct Ticket {
        pub id: Uuid,
        pub related: Option<Vec<Uuid>>,
    }

    #[test]
    fn a_uuid_is_a_hyphenated_string() {
        let node = property::<Ticket>("id");
        assert_eq!(node["type"], "string");
        let id = Uuid::from_u128(0xa1a2a3a4_b1b2_c1c2_d1d2_d3d4d5d6d7d8);
        let ticket =
            Ticket::from_args(json!({"id": id.to_string().to_uppercase(), "related": [id]}))
                .unwrap();
        assert_eq!(ticket.id, id);
        let error = Ticket::from_args(json!({"id": id.simple().to_string()})).unwrap_err();
        assert_eq!(failures(&error), ["/id pattern"]);
    }
}

mod chrono_types {
    use super::*;
    use chrono::{DateTime, FixedOffset, NaiveDate, NaiveDateTime, NaiveTime, Utc};

    #[derive(Debug, Deserialize, ToolArgs)]
    pub struct Meeting {
        pub starts: DateTime<Utc>,
        pub local: Option<DateTime<FixedOffset>>,
        pub day: Option<NaiveDate>,
        pub wall: Option<NaiveDateTime>,
        pub at: Option<NaiveTime>,
    }

    #[test]
    fn chrono_types_read_what_their_patterns_accept() {
        let args = json!({
            "starts": "2024-02-29T09:30:00.250Z", "local": "2024-05-01T09:30:00-05:00",
            "day": "2024-12-31", "wall": "2024-05-01T09:30:00", "at": "23:59:59.999999999"
        });
        let meeting = Meeting::from_args(args).unwrap();
        assert_eq!(meeting.starts.timestamp_subsec_millis(), 250);
        assert_eq!(meeting.local.unwrap().offset().utc_minus_local(), 5 * 3600);
        let error = Meeting::from_args(json!({"starts": "2024-04-31T00:00:00Z"})).unwrap_err();
        assert_eq!(failures(&error), ["/starts pattern"]);
    }

    #[test]
    fn a_date_that_passes_its_pattern_but_does_not_exist_comes_back_with_its_path() {
        let error =
            Meeting::from_args(json!({"starts": "2024-01-01T00:00:00Z", "day": "2023-02-29"}))
                .unwrap_err();
        assert_eq!(failures(&error), ["/day deserialize"]);
        let entry = &error.to_value()["errors"][0];
        assert_eq!(entry["schema_path"], "/properties/day");
        assert_eq!(entry["message"], "input is out of range");
    }
}

mod url_type {
    use super::*;
    use url::Url;

    #[derive(Debug, Deserialize, ToolArgs)]
    pub struct Fetch {
        pub url: Url,
    }

    #[test]
    fn a_url_starts_with_a_scheme_and_the_rest_is_left_to_url() {
        assert_eq!(property::<Fetch>("url")["minLength"], 1);
        let fetch = Fetch::from_args(json!({"url": "https://example.com/a?b"})).unwrap();
        assert_eq!(fetch.url.host_str(), Some("example.com"));
        let error = Fetch::from_args(json!({"url": "example.com"})).unwrap_err();
        assert_eq!(failures(&error), ["/url pattern"]);
        let error = Fetch::from_args(json!({"url": "http://"})).unwrap_err();
        assert_eq!(failures(&error), ["/url deserialize"]);
    }
}

mod time_types {
    use super::*;
    use time::{Date, OffsetDateTime};

    #[derive(Debug, Deserialize, ToolArgs)]
    pub struct Remind {
        pub on: Date,
        #[serde(with = "time::serde::rfc3339")]
        #[tool_args(as = pedelec_schema::time::Rfc3339)]
        pub at: OffsetDateTime,
        #[serde(default, with = "time::serde::rfc3339::option")]
        #[tool_args(as = Option<pedelec_schema::time::Rfc3339>)]
        pub until: Option<OffsetDateTime>,
    }

    #[test]
    fn time_types_read_what_their_patterns_accept() {
        assert_eq!(required::<Remind>(), ["on", "at"]);
        let remind = Remind::from_args(json!({
            "on": "2024-02-29", "at": "2024-05-01T09:30:00+02:00", "until": "2024-05-02T00:00:00Z"
        }))
        .unwrap();
        assert_eq!(remind.on, time::macros::date!(2024 - 02 - 29));
        assert_eq!(remind.at.offset().whole_hours(), 2);
        assert!(remind.until.is_some());
        let error = Remind::from_args(json!({"on": "2023-02-29", "at": "2024-05-01T09:30:00Z"}))
            .unwrap_err();
        assert_eq!(failures(&error), ["/on deserialize"]);
    }
}

/// A handler's arguments as users write them: a `Uuid`, a
/// `DateTime<Utc>`, a `Url`, an `IpAddr`, a `PathBuf` and a type of the
/// user's own with a hand-written `Deserialize`.
mod handler {
    use super::*;
    use chrono::{DateTime, Utc};
    use pedelec_schema::ToolArgsSchema;
    use serde::Deserializer;
    use url::Url;
    use uuid::Uuid;

    /// A priority from `"p0"` to `"p3"`, read by hand.
    #[derive(Debug, PartialEq)]
    pub struct Priority(u8);

    impl<'de> Deserialize<'de> for Priority {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            let text = String::deserialize(deserializer)?;
            match text.strip_prefix('p').map(str::parse::<u8>) {
                Some(Ok(n)) if n <= 3 => Ok(Priority(n)),
                _ => Err(serde::de::Error::custom("priorities are p0 to p3")),
            }
        }
    }

    /// Files a deployment ticket.
    #[derive(Debug, Deserialize, ToolArgs)]
    pub struct FileTicket {
        pub id: Uuid,
        /// When it must be done.
        pub deadline: DateTime<Utc>,
        pub dashboard: Url,
        pub host: IpAddr,
        pub workdir: PathBuf,
        #[tool_args(as = String, pattern = "^p[0-3]$")]
        pub priority: Priority,
    }

    #[test]
    fn a_handler_with_common_types_derives_validates_and_deserializes() {
        // The published schema is inside the subset: it goes back through
        // the gatekeeper unchanged.
        let published = FileTicket::schema().to_value();
        let reparsed = ToolArgsSchema::from_value(&published).unwrap();
        assert_eq!(&reparsed, FileTicket::schema());
        assert_eq!(published["required"].as_array().unwrap().len(), 6);

        let args = json!({
            "id": "67e55044-10b1-426f-9247-bb680e5fe0c8",
            "deadline": "2024-06-30T17:00:00Z",
            "dashboard": "https://grafana.example.com/d/deploys",
            "host": "2001:db8::7",
            "workdir": "/srv/deploy",
            "priority": "p1"
        });
        assert!(FileTicket::schema().is_valid(&args));
        let ticket = FileTicket::from_args(args.clone()).unwrap();
        assert_eq!(ticket.priority, Priority(1));
        assert_eq!(ticket.deadline.timestamp(), 1_719_766_800);

        let mut wrong_date = args;
        wrong_date["deadline"] = json!("2023-02-29T17:00:00Z");
        assert!(FileTicket::schema().is_valid(&wrong_date));
        let error = FileTicket::from_args(wrong_date).unwrap_err();
        assert_eq!(failures(&error), ["/deadline deserialize"]);
        assert_eq!(error.to_value()["errors"][0]["path"], "/deadline");
    }
}

/// The features of the crate's feature list that are named in the first
/// backticks of each `- ` item, up to its `:`.
fn documented_features(crate_docs: &str) -> Vec<String> {
    let section: Vec<&str> = crate_docs
        .lines()
        .filter_map(|line| line.strip_prefix("//!"))
        .map(str::trim)
        .skip_while(|line| *line != "## Features")
        .skip(1)
        .take_while(|line| !line.starts_with("## "))
        .collect();
    let mut names = Vec::new();
    for item in section.iter().filter_map(|line| line.strip_prefix("- ")) {
        let (named, _) = item.split_once(':').unwrap_or((item, ""));
        names.extend(named.split('`').skip(1).step_by(2).map(str::to_owned));
    }
    names.sort();
    names
}

/// The features `Cargo.toml` declares, from its `[features]` table.
fn declared_features(manifest: &str) -> Vec<String> {
    let mut names: Vec<String> = manifest
        .lines()
        .skip_while(|line| line.trim() != "[features]")
        .skip(1)
        .take_while(|line| !line.trim_start().starts_with('['))
        .filter(|line| !line.trim_start().starts_with('#'))
        .filter_map(|line| line.split_once('='))
        .map(|(name, _)| name.trim().to_owned())
        .filter(|name| name != "default")
        .collect();
    names.sort();
    names
}

/// The crate docs' "Features" list names exactly the features the
/// library's `Cargo.toml` declares: none that cargo would refuse (`--features
/// cli`), none left out.
#[test]
fn the_crate_docs_list_the_features_that_exist() {
    let library = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../pedelec-schema");
    let read = |file: &str| {
        std::fs::read_to_string(library.join(file))
            .unwrap_or_else(|err| panic!("cannot read pedelec-schema/{file}: {err}"))
    };
    let declared = declared_features(&read("Cargo.toml"));
    assert!(declared.contains(&"uuid".to_owned()), "{declared:?}");
    assert_eq!(documented_features(&read("src/lib.rs")), declared);
}
