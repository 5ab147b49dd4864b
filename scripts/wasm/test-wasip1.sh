#!/usr/bin/env bash
# Runs pedelec-schema's unit tests and doctests on wasm32-wasip1 under a
# real wasmtime, so that the library is tested where it is shipped to
# (a browser or a WASI host), not only built there: what differs on
# wasm32 (32-bit sizes, panics that abort, no threads) shows up here.
#
# The toolchain comes from scripts/wasm/toolchain.sh (rustup's target, or
# Debian's Rust building std); wasmtime is the PyPI wheel (pinned), run by
# scripts/wasm/wasmtime_run.py as cargo's runner for the target, for the
# test binary and for each doctest. Builds in target/wasip1, its own
# folder. Extra arguments go to cargo test (e.g. `--lib some_filter`).
#
# Needs: python3 with pip; for the Debian route, apt-get.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)

target_dir=${CARGO_TARGET_DIR:-$root/target}/wasip1
wasmtime_version=48.0.0
# pip's --target, not a venv: Debian's python3 may lack the venv module,
# and refuses installs into the system's Python.
wasmtime_py=$target_dir/wasmtime-py-$wasmtime_version
if [[ ! -d $wasmtime_py/wasmtime ]]; then
  python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore \
    --target "$wasmtime_py" "wasmtime==$wasmtime_version"
fi
export PYTHONPATH=$wasmtime_py${PYTHONPATH:+:$PYTHONPATH}
export CARGO_TARGET_WASM32_WASIP1_RUNNER="python3 $root/scripts/wasm/wasmtime_run.py"

# shellcheck source=scripts/wasm/toolchain.sh
source scripts/wasm/toolchain.sh wasm32-wasip1
echo "== cargo test -p pedelec-schema --target wasm32-wasip1 (wasmtime $wasmtime_version)"
# shellcheck disable=SC2086 # the flags are words to split
"$WASM_CARGO" test $WASM_CARGO_FLAGS -p pedelec-schema --target wasm32-wasip1 \
  --target-dir "$target_dir" "$@"
