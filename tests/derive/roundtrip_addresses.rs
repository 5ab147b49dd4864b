//! The derive's central promise for the types whose string patterns are
//! exact: std's IP and socket addresses, and `uuid::Uuid` (feature
//! `uuid`). Values are generated from each type's own schema (strings from
//! its pattern, with one character changed or cut now and then), and
//! whenever the schema accepts one, serde reads it; and every typed value,
//! serialized, passes its schema and reads back as itself.

// Each type has its own tests; no field is read back by name.
#![allow(dead_code)]

use crate::derive_support;

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, SocketAddrV4, SocketAddrV6};

use derive_support::assert_no_lint_errors;
use derive_support::from_schema::{accepted_values_deserialize, args_for, serialized_values_pass};
use pedelec_schema::ToolArgs;
use proptest::prelude::*;
use proptest::test_runner::TestRunner;
use serde::{Deserialize, Serialize};

#[derive(Debug, PartialEq, Serialize, Deserialize, ToolArgs)]
struct Network {
    ip: IpAddr,
    v4: Ipv4Addr,
    v6: Ipv6Addr,
    socket: SocketAddr,
    socket_v4: SocketAddrV4,
    socket_v6: SocketAddrV6,
    #[tool_args(max_items = 3)]
    peers: Vec<IpAddr>,
}

/// A socket address as its text carries it: without flow info, which
/// `Display` leaves out.
fn textual(mut address: SocketAddrV6) -> SocketAddrV6 {
    address.set_flowinfo(0);
    address
}

prop_compose! {
    fn network()(
        (ip, v4, v6) in any::<(IpAddr, Ipv4Addr, Ipv6Addr)>(),
        (socket_v4, socket_v6, v6_socket) in any::<(SocketAddrV4, SocketAddrV6, bool)>(),
        peers in proptest::collection::vec(any::<IpAddr>(), 0..=3),
    ) -> Network {
        let socket_v6 = textual(socket_v6);
        let socket = if v6_socket { SocketAddr::V6(socket_v6) } else { SocketAddr::V4(socket_v4) };
        Network { ip, v4, v6, socket, socket_v4, socket_v6, peers }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn addresses_read_what_their_schema_accepts(value in args_for::<Network>()) {
        accepted_values_deserialize::<Network>(value)?;
    }

    #[test]
    fn a_serialized_network_passes_its_schema(t in network()) {
        serialized_values_pass(t)?;
    }
}

/// Share of generated values that pass `T`'s schema.
fn share_valid<T: ToolArgs>() -> f64 {
    let mut runner = TestRunner::deterministic();
    let strategy = args_for::<T>();
    let total = 300;
    let valid = (0..total)
        .filter(|_| T::schema().is_valid(&strategy.new_tree(&mut runner).unwrap().current()))
        .count();
    valid as f64 / total as f64
}

#[test]
fn the_generated_values_often_pass_and_often_fail() {
    let share = share_valid::<Network>();
    assert!(
        (0.1..0.95).contains(&share),
        "{share:.2} of the values pass"
    );
}

mod uuid_type {
    use super::*;
    use uuid::Uuid;

    #[derive(Debug, PartialEq, Serialize, Deserialize, ToolArgs)]
    pub struct Ids {
        pub id: Uuid,
        pub others: Option<Vec<Uuid>>,
    }

    prop_compose! {
        fn ids()(id in any::<u128>(), others in proptest::option::of(proptest::collection::vec(any::<u128>(), 0..3))) -> Ids {
            Ids { id: Uuid::from_u128(id), others: others.map(|o| o.into_iter().map(Uuid::from_u128).collect()) }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn uuids_read_what_their_schema_accepts(value in args_for::<Ids>()) {
            accepted_values_deserialize::<Ids>(value)?;
        }

        #[test]
        fn serialized_uuids_pass_their_schema(t in ids()) {
            serialized_values_pass(t)?;
        }
    }

    #[test]
    fn the_generated_uuids_often_pass_and_often_fail() {
        let share = share_valid::<Ids>();
        assert!(
            (0.1..0.95).contains(&share),
            "{share:.2} of the values pass"
        );
    }
}

#[test]
fn these_schemas_lint_without_errors() {
    let mut schemas = schemas![Network];
    schemas.extend(schemas![uuid_type::Ids]);
    assert_no_lint_errors(schemas);
}
