# Finds a Rust toolchain that builds for a wasm32 target, for the scripts
# that build or test the library there (`scripts/wasm/test-wasip1.sh`,
# `pedelec-schema-js/build.sh`). CI machines reach only the package
# registries, so rustup may not be able to download a target's standard
# library; Debian's Rust with its std sources always works, building std
# with the crate (`-Zbuild-std`), only slower.
#
# Usage: source scripts/wasm/toolchain.sh wasm32-unknown-unknown|wasm32-wasip1
# then:  "$WASM_CARGO" build $WASM_CARGO_FLAGS --target "$1" ...
#
# Routes, first that works: (a) rustup's target already installed;
# (b) `rustup target add`; (c) Debian's rustc-web, cargo-web and
# rust-web-src (installed with apt-get if missing; and wasi-libc for
# wasip1), linked with rustup's rust-lld, or Debian's lld-19 without it.
# PEDELEC_WASM_ROUTE=debian forces (c), so that it can be tried where
# rustup works.
#
# Exports WASM_CARGO (the cargo to run), WASM_CARGO_FLAGS (to pass
# unquoted), WASM_ROUTE (a sentence naming the route, printed here too) and,
# for (c), RUSTC, RUSTDOC, RUSTC_BOOTSTRAP, the target's LINKER and
# RUSTFLAGS: those reach every cargo run after this in the same shell, so
# run rustup's cargo for anything else (`cargo install`) before sourcing, or
# in a subshell. Use a target folder of its own for (c): its cargo and rustc
# are another version.
set -euo pipefail

wasm_target=${1:?usage: source scripts/wasm/toolchain.sh wasm32-unknown-unknown|wasm32-wasip1}
case $wasm_target in
  wasm32-unknown-unknown | wasm32-wasip1) ;;
  *) echo "toolchain.sh: unsupported target $wasm_target" >&2; return 2 ;;
esac
# The target's name as cargo's environment variables spell it.
wasm_target_env=$(tr 'a-z-' 'A-Z_' <<<"$wasm_target")

wasm_rustup_has_target() {
  command -v rustup >/dev/null 2>&1 &&
    rustup target list --installed 2>/dev/null | grep -qx "$wasm_target"
}

wasm_installed() {
  dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'
}

if [[ ${PEDELEC_WASM_ROUTE:-} != debian ]] && wasm_rustup_has_target; then
  WASM_CARGO=cargo WASM_CARGO_FLAGS=
  WASM_ROUTE="rustup's $(rustc -V) with its $wasm_target target, already installed"
elif [[ ${PEDELEC_WASM_ROUTE:-} != debian ]] && command -v rustup >/dev/null 2>&1 &&
  timeout 60 rustup target add "$wasm_target" >&2; then
  WASM_CARGO=cargo WASM_CARGO_FLAGS=
  WASM_ROUTE="rustup's $(rustc -V) with its $wasm_target target, added now by rustup"
else
  # rustup's tools stay first on PATH, so Debian's are named by path.
  wasm_packages=()
  for wasm_package in rustc-web cargo-web rust-web-src; do
    wasm_installed "$wasm_package" || wasm_packages+=("$wasm_package")
  done
  [[ $wasm_target != wasm32-wasip1 ]] || wasm_installed wasi-libc || wasm_packages+=(wasi-libc)
  wasm_lld=
  if command -v rustc >/dev/null 2>&1 && [[ $(command -v rustc) != /usr/bin/rustc ]]; then
    wasm_host=$(rustc -vV | sed -n 's/^host: //p') || true
    wasm_lld=$(rustc --print sysroot || true)/lib/rustlib/$wasm_host/bin/rust-lld
  fi
  if [[ ! -x $wasm_lld ]]; then
    wasm_lld=/usr/lib/llvm-19/bin/wasm-ld
    wasm_installed lld-19 || wasm_packages+=(lld-19)
  fi
  if ((${#wasm_packages[@]})); then
    echo "toolchain.sh: apt-get install ${wasm_packages[*]}" >&2
    wasm_sudo=()
    [[ $(id -u) == 0 ]] || wasm_sudo=(sudo)
    "${wasm_sudo[@]}" apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive "${wasm_sudo[@]}" apt-get install -y -qq -o=Dpkg::Use-Pty=0 \
      --no-install-recommends "${wasm_packages[@]}" >&2
  fi
  export RUSTC=/usr/bin/rustc RUSTDOC=/usr/bin/rustdoc RUSTC_BOOTSTRAP=1
  export "CARGO_TARGET_${wasm_target_env}_LINKER=$wasm_lld"
  if [[ $wasm_target == wasm32-wasip1 ]]; then
    # Debian's wasi-libc is not in its rustc's sysroot: rustc adds the C
    # start-up object (crt1-command.o) only when linking self-contained,
    # and looks for it, as for libc, along -L. That libc (2022) lacks the
    # pthread_join and pthread_detach that std names; nothing here starts a
    # thread (libtest runs each test in-line on wasm), so the linker may
    # turn calls to undefined functions into traps.
    wasm_flags="-C link-self-contained=yes -L native=/usr/lib/wasm32-wasi -C link-arg=--unresolved-symbols=ignore-all"
    # rustdoc links each doctest itself, with its own flags.
    export "CARGO_TARGET_${wasm_target_env}_RUSTFLAGS=$wasm_flags" \
      "CARGO_TARGET_${wasm_target_env}_RUSTDOCFLAGS=$wasm_flags"
  fi
  WASM_CARGO=/usr/bin/cargo WASM_CARGO_FLAGS=-Zbuild-std=std,panic_abort
  WASM_ROUTE="Debian's $(/usr/bin/rustc -V) building std for $wasm_target (-Zbuild-std), linked with $wasm_lld"
fi
export WASM_CARGO WASM_CARGO_FLAGS WASM_ROUTE
echo "wasm toolchain: $WASM_ROUTE" >&2
