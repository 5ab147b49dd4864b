#!/usr/bin/env bash
# llama.cpp's own GBNF parser as an oracle: builds its grammar validator
# and checks a folder of grammars and texts with it, so that the GBNF the
# library writes (and `tests/engines/src/gbnf.rs`, the tests' reading of GBNF)
# are judged by the engine that GBNF belongs to.
#
# Usage: scripts/llama-cpp-gbnf.sh DIR
#
# The layout of DIR, per grammar NAME:
#   NAME.gbnf      the grammar; its start rule is `root`
#   NAME.valid     texts the grammar must accept, one a line
#   NAME.invalid   texts it must refuse, one a line
# Every line is one text without its line break (so a text holds no line
# break; an empty line is the empty text); either list may be missing. A
# grammar that llama.cpp fails to parse is a failure, whatever its lists.
# The summary is the plain "N passed, N failed" line; the exit code is
# non-zero on any failure.
#
# Where llama.cpp comes from: the machines reach package registries only,
# so the source is the copy that the llama-cpp-python sdist vendors (PyPI),
# pinned by version and hash. Version 0.3.36 vendors llama.cpp at commit
# 0c1e57098bba43ac29e6e3b677cdceebdd22334f. Only the validator's target is
# built (it links libllama and ggml, CPU only); the build is kept in
# LLAMA_CPP_DIR (default: target/llama-cpp) and reused by later runs.
#
# Needs: python3 with pip, cmake, g++ (Debian: apt-get install cmake g++).
set -euo pipefail

dir=${1:?usage: $0 DIR}
[[ -d "$dir" ]] || { echo "$0: $dir is not a directory" >&2; exit 2; }

root=$(cd "$(dirname "$0")/.." && pwd)
work=${LLAMA_CPP_DIR:-$root/target/llama-cpp}
version=0.3.36
sha256=832db0699007f1be95a7e41ef12e88926b02ba836461e36a36372db2760c1a2e
src=$work/llama_cpp_python-$version/vendor/llama.cpp
build=$work/build-$version
validator=$build/bin/test-gbnf-validator

if [[ ! -x "$validator" ]]; then
  command -v cmake >/dev/null || { echo "$0: cmake is missing (apt-get install cmake)" >&2; exit 2; }
  mkdir -p "$work"
  sdist=$work/llama_cpp_python-$version.tar.gz
  if [[ ! -f "$sdist" ]]; then
    python3 -m pip download --quiet --no-deps --no-binary :all: \
      "llama-cpp-python==$version" -d "$work"
  fi
  echo "$sha256  $sdist" | sha256sum --check --quiet
  [[ -d "$src" ]] || tar -xzf "$sdist" -C "$work"
  start=$SECONDS
  # Everything but the library and its tests off: no tools, server, network
  # client or OpenMP, and no -march=native, so a build runs on any x86-64.
  cmake -S "$src" -B "$build" -DCMAKE_BUILD_TYPE=Release \
    -DBUILD_SHARED_LIBS=OFF -DLLAMA_BUILD_TESTS=ON -DLLAMA_BUILD_COMMON=ON \
    -DLLAMA_BUILD_TOOLS=OFF -DLLAMA_BUILD_EXAMPLES=OFF -DLLAMA_BUILD_SERVER=OFF \
    -DLLAMA_BUILD_APP=OFF -DLLAMA_OPENSSL=OFF -DLLAMA_CURL=OFF \
    -DGGML_NATIVE=OFF -DGGML_OPENMP=OFF >"$work/cmake.log" 2>&1 ||
    { tail -30 "$work/cmake.log" >&2; exit 2; }
  cmake --build "$build" --target test-gbnf-validator -j "$(nproc)" >"$work/build.log" 2>&1 ||
    { tail -30 "$work/build.log" >&2; exit 2; }
  echo "built the llama.cpp validator in $((SECONDS - start)) s"
fi

passed=0 failed=0
text=$(mktemp)
trap 'rm -f "$text"' EXIT

# One verdict: the validator exits 0 either way and says which on stdout.
verdict() {
  local grammar=$1 out
  out=$("$validator" "$grammar" "$text" 2>&1) || true
  case $out in
    *"Input string is valid"*) echo valid ;;
    *"Input string is invalid"*) echo invalid ;;
    *) echo "error: $(printf '%s' "$out" | head -3 | tr '\n' ' ')" ;;
  esac
}

shopt -s nullglob
for grammar in "$dir"/*.gbnf; do
  name=${grammar%.gbnf}
  printf '' >"$text"
  first=$(verdict "$grammar")
  if [[ $first == error:* ]]; then
    echo "FAIL $(basename "$grammar"): failed to parse grammar: ${first#error: }"
    failed=$((failed + 1))
    continue
  fi
  for want in valid invalid; do
    [[ -f "$name.$want" ]] || continue
    while IFS= read -r line || [[ -n "$line" ]]; do
      printf '%s' "$line" >"$text"
      got=$(verdict "$grammar")
      if [[ $got == "$want" ]]; then
        passed=$((passed + 1))
      else
        echo "FAIL $(basename "$name"): '$line' should be $want, llama.cpp says $got"
        failed=$((failed + 1))
      fi
    done <"$name.$want"
  done
done
echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
