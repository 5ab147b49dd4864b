#!/usr/bin/env python3
"""Writes tests/engines/vocab/tekken.tokens, the vocabulary the engine cost
benchmark runs with, from Mistral's Tekken tokenizer as the mistral-common
wheel ships it (Apache-2.0; see tests/engines/vocab/README.md).

The file holds the 130,072 ordinary tokens of the default 131,072-token
vocabulary, in id order from id 1,000 (ids 0-999 are the special tokens,
which the benchmark names itself): each token is one byte giving its
length, then its bytes.

    pip download --no-deps mistral-common==1.13.1 -d /tmp/mc
    unzip -o /tmp/mc/mistral_common-1.13.1-py3-none-any.whl -d /tmp/mc
    python3 scripts/tekken-vocab.py /tmp/mc/mistral_common/data/tekken_240911.json
"""

import base64
import hashlib
import json
import sys
from pathlib import Path

EXPECTED_SHA256 = "1948e2d48b0e7377f1bb5f1210f1ae5f984934e75713fc07e2452729b8365316"


def main() -> None:
    source = Path(sys.argv[1])
    data = source.read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    if digest != EXPECTED_SHA256:
        sys.exit(f"{source}: sha256 {digest}, expected {EXPECTED_SHA256}")
    tekken = json.loads(data)
    config = tekken["config"]
    count = config["default_vocab_size"] - config["default_num_special_tokens"]
    out = bytearray()
    for entry in tekken["vocab"][:count]:
        token = base64.b64decode(entry["token_bytes"])
        assert 0 < len(token) < 256, entry
        out.append(len(token))
        out += token
    target = Path(__file__).resolve().parent.parent / "tests/engines/vocab/tekken.tokens"
    target.write_bytes(out)
    print(f"{target}: {count} tokens, {len(out)} bytes")


if __name__ == "__main__":
    main()
