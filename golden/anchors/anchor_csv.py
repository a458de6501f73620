"""Writer for the anchor CSV files of `golden/anchors/` (shared by foundations.py and
model_merging/anchors.py).

File format, read by `dpaudit golden check` (src/golden/anchors.rs):

    # anchors: <how the values were computed, one line>
    # tolerance: <column>=rel:X[+abs:Y], ...   (allowed |stored - anchor| per compared column)
    <key columns = every non-output column of the golden file, in its order>,column,value,source
    <key values>,<output column name>,<value, 25 significant digits>,<source of this value>

A row whose key matches a golden row anchors that row (the stored value and every live route are
compared against it); a row without a matching golden row is an *extra* anchor, compared against
the live routes only. Fields may not contain commas.
"""

import mpmath as mp

DIGITS = 25  # printed significant digits (more than an f64 holds)


def fmt(x):
    """Print an mpf with DIGITS significant digits; exact zero as 0."""
    x = mp.mpf(x)
    if x == 0:
        return "0"
    return mp.nstr(x, DIGITS, min_fixed=-4, max_fixed=15)


def write(path, method, tolerance, key_header, rows):
    """rows: (key fields as text, column, mpf value, source text)."""
    lines = [f"# anchors: {method}", f"# tolerance: {tolerance}", ",".join(list(key_header) + ["column", "value", "source"])]
    for key, column, value, source in rows:
        fields = [str(k) for k in key] + [column, fmt(value), source.replace(",", ";")]
        assert all("," not in f for f in fields), fields
        lines.append(",".join(fields))
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"wrote {path}: {len(rows)} anchored values")


def close(a, b, rel, what):
    """Assert |a - b| <= rel * |b| (cross-checks inside the scripts)."""
    a, b = mp.mpf(a), mp.mpf(b)
    if abs(a - b) > rel * abs(b):
        raise AssertionError(f"{what}: {mp.nstr(a, 30)} vs {mp.nstr(b, 30)}")
