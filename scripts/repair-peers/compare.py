"""The repair corpus read by json_repair, the Python package models'
users reach for (`pip install json_repair`), for comparison with
`ToolArgsSchema::repair` (whose figures `cargo test -p pedelec-schema-tests
--test intake repair::corpus -- --nocapture` prints). Outside CI: it needs
the package from PyPI. Run from the repository root:

    python3 scripts/repair-peers/compare.py

For each case of tests/data/repair/corpus.json: whether json_repair gives
the value the case is labelled with, gives some other value where the case
is labelled "refuse", and above all whether it completes a text cut short
(labelled so, or one that json.loads finds ends too early: the call is
not all there).
json_repair does not know the schema, so a value it gives is counted as
given whatever the schema says of it.
"""

import json
import sys

import json_repair

corpus = json.load(open("tests/data/repair/corpus.json"))
recovered = wrong = invented = completed = refused = 0
completed_cases = []
for case in corpus["cases"]:
    text, expect = case["text"], case["expect"]
    try:
        value = json_repair.loads(text)
    except Exception:  # noqa: BLE001 - any refusal counts as one
        value = None
    gave = isinstance(value, dict) and (value != {} or text.strip() in ("", "{}", "null", '""'))
    # Cut short: the label says so (the corpus names and explains every
    # truncated case), or json.loads stops at the very end of the text.
    labelled_cut = any(word in (case["name"] + " " + case["why"]).lower() for word in ("truncat", "cut short"))
    try:
        json.loads(text)
        cut = labelled_cut
    except json.JSONDecodeError as error:
        cut = labelled_cut or (error.pos >= len(text.rstrip()) and text.strip() != "")
    if expect == "refuse":
        if gave:
            invented += 1
            if cut:
                completed += 1
                completed_cases.append(case["name"])
        else:
            refused += 1
    elif value == expect:
        recovered += 1
    else:
        wrong += 1
print(
    f"json_repair {getattr(json_repair, '__version__', '')} on {len(corpus['cases'])} cases: "
    f"{recovered} labelled values given, {wrong} other values where a value is labelled, "
    f"{invented} values where the label is refuse ({completed} of them texts cut short, completed), "
    f"{refused} refused"
)
for name in completed_cases:
    print("  completed:", name)
sys.exit(0)
