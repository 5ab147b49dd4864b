#!/usr/bin/env bash
# Builds the notes tool component: the crate for wasm32-unknown-unknown
# (the route scripts/wasm/toolchain.sh finds, which it names), then the
# module made a component by `jco new` (jco pinned in node/package.json,
# installed with npm ci if missing), at target/murmur/notes.wasm.
#
# A wasm32-unknown-unknown module imports nothing, so the component runs in
# any host, WASI or not.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cd "$root"

if [[ ! -x $here/node/node_modules/.bin/jco ]]; then
  echo "== npm ci --prefix examples/murmur-tool/node (jco)"
  npm ci --prefix "$here/node" --no-audit --no-fund
fi

target=wasm32-unknown-unknown
# shellcheck source=../../scripts/wasm/toolchain.sh
source "$root/scripts/wasm/toolchain.sh" "$target"
# A target folder per route: the routes are different compilers.
if [[ $WASM_CARGO == cargo ]]; then route_dir=rustup; else route_dir=debian; fi
target_dir=$root/target/murmur-build/$route_dir
echo "== building the notes tool for $target: $WASM_ROUTE"
# shellcheck disable=SC2086 # WASM_CARGO_FLAGS is a list of flags.
"$WASM_CARGO" build --locked --release --manifest-path "$here/Cargo.toml" --target "$target" \
  --target-dir "$target_dir" $WASM_CARGO_FLAGS
module=$target_dir/$target/release/murmur_notes_tool.wasm

out=$root/target/murmur
mkdir -p "$out"
"$here/node/node_modules/.bin/jco" new "$module" -o "$out/notes.wasm"
size=$(wc -c <"$out/notes.wasm")
gzipped=$(gzip -9 -c "$out/notes.wasm" | wc -c)
echo "== target/murmur/notes.wasm: a component of $size bytes, $gzipped gzipped (gzip -9); route: $WASM_ROUTE"
