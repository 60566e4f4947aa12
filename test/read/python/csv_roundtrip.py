"""Writes random tables with Python's csv.writer and reads them back with csv.reader.

Usage: csv_roundtrip.py OUT_DIR SEED COUNT. Prints a JSON list of
{"file", "delimiter", "rows"} where rows are what csv.reader reads back: the oracle the
differential test (csv-python.test.ts) compares our reader with. Deterministic per seed.
"""
import csv
import json
import os
import random
import sys

PIECES = ["a", "b", "Oslo", "Main St", " ", ",", ";", "\t", "|", '"', '""', "\n", "\r\n", "\r", "é", "x y", "1.5"]


def cell(rnd, delim, width):
    kind = rnd.random()
    if kind < 0.35:
        return rnd.choice(["", "a", "Desk", "12", "Bergen"])
    if kind < 0.55:
        # The shape: a note whose lines each hold as many cells as the file.
        lines = [delim.join(rnd.choice(["a", "Main St", "Floor 2", ""]) for _ in range(width)) for _ in range(rnd.randint(2, 3))]
        return rnd.choice(["\n", "\r\n"]).join(lines)
    return "".join(rnd.choice(PIECES) for _ in range(rnd.randint(1, 8)))


def table(rnd):
    delim = rnd.choice([",", ";", "\t", "|"])
    width = rnd.randint(1, 6)
    ragged = rnd.random() < 0.3
    rows = []
    for _ in range(rnd.randint(1, 25)):
        n = max(1, width + rnd.randint(-2, 2)) if ragged else width
        rows.append([cell(rnd, delim, width) for _ in range(n)])
    return delim, rows


def main():
    out_dir, seed, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    rnd = random.Random(seed)
    result = []
    for i in range(count):
        delim, rows = table(rnd)
        quoting = rnd.choice([csv.QUOTE_MINIMAL, csv.QUOTE_MINIMAL, csv.QUOTE_ALL])
        terminator = rnd.choice(["\r\n", "\n"])
        path = os.path.join(out_dir, f"f{i:04d}.csv")
        with open(path, "w", newline="", encoding="utf-8") as f:
            csv.writer(f, delimiter=delim, quoting=quoting, lineterminator=terminator).writerows(rows)
        with open(path, newline="", encoding="utf-8") as f:
            read = list(csv.reader(f, delimiter=delim))
        result.append({"file": path, "delimiter": delim, "rows": read})
    json.dump(result, sys.stdout)


main()
