# Runs one wasm32-wasip1 module under wasmtime (the PyPI wheel), as cargo's
# runner for that target (`CARGO_TARGET_WASM32_WASIP1_RUNNER`, which
# `scripts/wasm/test-wasip1.sh` sets): the unit tests' binary and each
# doctest run through it. The wheel is the cheapest real wasmtime on these
# machines (no CLI to build, no binary to download).
#
# Usage: python3 wasmtime_run.py MODULE.wasm [ARGS...]
# The module gets MODULE.wasm ARGS as argv, this process's stdio and
# environment, and the current directory preopened as `.`; this process
# exits with the module's exit code, or 134 (as an abort does) on a trap.
import sys

import wasmtime


def main() -> int:
    if len(sys.argv) < 2:
        print("usage: wasmtime_run.py MODULE.wasm [ARGS...]", file=sys.stderr)
        return 2
    config = wasmtime.Config()
    # Cranelift compiles a test binary in seconds; the cache makes a rerun
    # of an unchanged binary start at once.
    config.cache = True
    engine = wasmtime.Engine(config)
    module = wasmtime.Module.from_file(engine, sys.argv[1])
    wasi = wasmtime.WasiConfig()
    wasi.argv = sys.argv[1:]
    wasi.inherit_env()
    wasi.inherit_stdin()
    wasi.inherit_stdout()
    wasi.inherit_stderr()
    wasi.preopen_dir(".", ".")
    store = wasmtime.Store(engine)
    store.set_wasi(wasi)
    linker = wasmtime.Linker(engine)
    linker.define_wasi()
    instance = linker.instantiate(store, module)
    start = instance.exports(store)["_start"]
    try:
        start(store)
    except wasmtime.ExitTrap as exit_trap:
        return exit_trap.code
    except (wasmtime.Trap, wasmtime.WasmtimeError) as trap:
        # A Rust panic on wasm32 aborts as an `unreachable` trap.
        print(f"wasmtime_run.py: {trap}", file=sys.stderr)
        return 134
    return 0


if __name__ == "__main__":
    sys.exit(main())
