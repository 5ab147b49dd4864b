#!/usr/bin/env bash
# Builds the npm package `pedelec-schema` into pedelec-schema-js/pkg/: the
# crate compiled for wasm32-unknown-unknown, the JavaScript bindings that
# wasm-bindgen writes for it, and the package's own files (package/).
#
# The toolchain route is found by scripts/wasm/toolchain.sh, which says
# which one it took. Where the standard library's sources are at hand
# (rustup's rust-src component, or Debian's rust-web-src), std is built
# with the crate, for size, and a panic aborts without its message
# machinery (a panic is a bug there either way: it would trap); elsewhere
# the prebuilt std is linked, and the module is larger.
#
# wasm-bindgen's command must be the version the crate pins; it is
# installed with `cargo install` if missing (without `--locked`: its lock
# file names a crate version that some registries lack).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
cd "$root"

bindgen_version=$(sed -n 's/^wasm-bindgen = "=\(.*\)"$/\1/p' "$here/Cargo.toml")
if [[ $(wasm-bindgen --version 2>/dev/null) != "wasm-bindgen $bindgen_version" ]]; then
  echo "== cargo install wasm-bindgen-cli --version $bindgen_version"
  cargo install wasm-bindgen-cli --version "$bindgen_version"
fi
# Where rustup serves the target, it may serve std's sources too.
if command -v rustup >/dev/null 2>&1; then
  timeout 60 rustup component add rust-src >/dev/null 2>&1 || true
fi

target=wasm32-unknown-unknown
# shellcheck source=../scripts/wasm/toolchain.sh
source "$root/scripts/wasm/toolchain.sh" "$target"
std_sources=$("${RUSTC:-rustc}" --print sysroot)/lib/rustlib/src/rust/library
if [[ $WASM_CARGO_FLAGS != *build-std* && -d $std_sources ]]; then
  WASM_CARGO_FLAGS="$WASM_CARGO_FLAGS -Zbuild-std=std,panic_abort"
  export RUSTC_BOOTSTRAP=1
fi
if [[ $WASM_CARGO_FLAGS == *build-std* ]] &&
  RUSTC_BOOTSTRAP=1 "${RUSTC:-rustc}" -Zunstable-options -Cpanic=immediate-abort \
    --target "$target" --print cfg >/dev/null 2>&1; then
  export RUSTFLAGS="${RUSTFLAGS:-} -Zunstable-options -Cpanic=immediate-abort"
  std_note="std built with the crate, panics abort at once"
elif [[ $WASM_CARGO_FLAGS == *build-std* ]]; then
  std_note="std built with the crate"
else
  std_note="prebuilt std (no std sources here), so a larger module"
fi
echo "== building for $target: $WASM_ROUTE; $std_note"

# A target folder per route: the routes are different compilers.
if [[ $WASM_CARGO == cargo ]]; then route_dir=rustup; else route_dir=debian; fi
target_dir=$root/target/wasm-package/$route_dir
# shellcheck disable=SC2086 # WASM_CARGO_FLAGS is a list of flags.
# `cargo rustc --crate-type cdylib`: the manifest's `rlib` (for the native
# tests) would make the module larger and slower (measured in
# bench/README.md), and is not needed here.
"$WASM_CARGO" rustc --locked -p pedelec-schema-js --lib --crate-type cdylib --target "$target" \
  --profile wasm --target-dir "$target_dir" $WASM_CARGO_FLAGS
wasm=$target_dir/$target/wasm/pedelec_schema_js.wasm

out=$here/pkg
rm -rf "$out"
# `web`: an ES module that loads its .wasm wherever it is given the bytes
# or a URL; index.js hands them over (from the file in Node, by fetch in a
# browser). `--experimental-reset-state-function` writes the function
# api.js calls for a fresh instance after a trap (the glue then refuses a
# wasm object of the dead one). The name section is debugging help that
# users would download.
wasm-bindgen --target web --experimental-reset-state-function --out-dir "$out" --remove-name-section --remove-producers-section "$wasm"
cp "$here"/package/* "$here/README.md" "$out"/
cp "$root/LICENSE-MIT" "$root/LICENSE-APACHE" "$out"/
size=$(wc -c <"$out/pedelec_schema_js_bg.wasm")
gzipped=$(gzip -9 -c "$out/pedelec_schema_js_bg.wasm" | wc -c)
echo "== pedelec-schema-js/pkg: the .wasm is $size bytes, $gzipped gzipped (gzip -9)"
