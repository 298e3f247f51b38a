#!/usr/bin/env python3
"""plot.py CSV PNG [TITLE] -- bar chart of % of the copy bandwidth per
kernel and variant, from the CSV that report.awk writes."""

import csv
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def main(argv):
    if len(argv) < 3:
        sys.exit("usage: plot.py CSV PNG [TITLE]")
    with open(argv[1], newline="") as f:
        rows = [r for r in csv.DictReader(f) if r["pct_copy"]]
    if not rows:
        sys.exit("plot.py: no timed rows in " + argv[1])
    kernels = list(dict.fromkeys(r["kernel"] for r in rows))
    variants = list(dict.fromkeys(r["variant"] for r in rows))
    pct = {(r["kernel"], r["variant"]): float(r["pct_copy"]) for r in rows}

    width = 0.8 / len(variants)
    fig, ax = plt.subplots(figsize=(max(8, 1.6 * len(kernels)), 5))
    for i, v in enumerate(variants):
        xs = [k + (i - (len(variants) - 1) / 2) * width
              for k in range(len(kernels))]
        ys = [pct.get((k, v), 0.0) for k in kernels]
        ax.bar(xs, ys, width, label=v)
    ax.set_xticks(range(len(kernels)))
    ax.set_xticklabels(kernels)
    ax.set_ylabel("% of device-to-device copy bandwidth")
    ax.axhline(100, color="black", linewidth=0.8)
    title = "FP64 stencils: compulsory traffic / copy bandwidth"
    if len(argv) > 3:
        title += " (" + argv[3] + ")"
    ax.set_title(title)
    ax.legend(fontsize="small", ncol=2)
    fig.tight_layout()
    fig.savefig(argv[2], dpi=120)


if __name__ == "__main__":
    main(sys.argv)
