#!/usr/bin/env python3
"""mpi-report.py RAW BASE GPU DRIVER COMMIT STAMP MPI STEPS -- the scaling
table of mpi-run.sh: BASE.csv, BASE.md and (where matplotlib exists)
BASE.png from the RESULT lines of heat3d-mpi -t in RAW; prints the table.

Efficiency is measured against the fastest one-rank time of the same
problem (the one-GPU program): weak t1 / tP, strong t1 / (P tP).  The
exchange's share is the time the ranks spent in it (the slowest rank) over
the step time; "exposed" is the step time minus the compute alone (-x, with
the same kernels) at the same rank count: the part of the exchange the
step waits for."""

import csv
import sys

MODES = {"none": "compute only", "none-split": "compute only, split",
         "host": "exchange after", "overlap": "exchange overlapped",
         "device": "device pointers", "device-overlap":
         "device pointers, overlapped", "peer": "peer copies (CUDA IPC)",
         "peer-overlap": "peer copies, overlapped"}
# The compute-only mode with the same kernels as each exchange mode.
COMPUTE = {"host": "none", "overlap": "none-split", "device": "none",
           "device-overlap": "none-split", "peer": "none",
           "peer-overlap": "none-split"}
COLUMNS = ["kind", "ranks", "mode", "nx", "ny", "nz", "ms_per_step",
           "halo_ms_per_step", "efficiency", "halo_share", "exposed_ms"]


def parse(path):
    rows = []
    with open(path) as f:
        for line in f:
            if not line.startswith("RESULT "):
                continue
            r = dict(kv.split("=", 1) for kv in line.split()[1:])
            mode = {("none", "0"): "none", ("none", "1"): "none-split",
                    ("host", "0"): "host", ("host", "1"): "overlap",
                    ("device", "0"): "device",
                    ("device", "1"): "device-overlap",
                    ("peer", "0"): "peer",
                    ("peer", "1"): "peer-overlap"}[(r["halo"],
                                                         r["overlap"])]
            rows.append({"kind": r["kind"], "ranks": int(r["ranks"]),
                         "mode": mode, "nx": int(r["nx"]),
                         "ny": int(r["ny"]), "nz": int(r["nz"]),
                         "ms_per_step": float(r["ms_per_step"]),
                         "halo_ms_per_step": float(r["halo_ms_per_step"])})
    return rows


def derive(rows):
    """Adds efficiency, halo_share and exposed_ms to the exchange rows."""
    for kind in sorted({r["kind"] for r in rows}):
        own = [r for r in rows if r["kind"] == kind]
        exchanging = [r for r in own if not r["mode"].startswith("none")]
        ones = [r["ms_per_step"] for r in exchanging if r["ranks"] == 1]
        compute = {(r["ranks"], r["mode"]): r["ms_per_step"] for r in own
                   if r["mode"].startswith("none")}
        for r in own:
            r["efficiency"] = r["halo_share"] = r["exposed_ms"] = ""
            if r not in exchanging:
                continue
            p, t = r["ranks"], r["ms_per_step"]
            if ones:
                r["efficiency"] = (min(ones) / t if kind == "weak"
                                   else min(ones) / (p * t))
            r["halo_share"] = r["halo_ms_per_step"] / t
            base = compute.get((p, COMPUTE.get(r["mode"])))
            if base is not None:
                r["exposed_ms"] = t - base


def fmt(v, pct=False):
    if v == "":
        return "-"
    return f"{100 * v:.1f}%" if pct else f"{v:.3f}"


def table(rows):
    lines = ["| problem | ranks | mode | ms/step | efficiency | exchange "
             "ms/step | exchange share | exposed ms |",
             "|---|---:|---|---:|---:|---:|---:|---:|"]
    for r in rows:
        problem = (f"weak {r['nx']}x{r['ny']}x{r['nz'] // r['ranks']}/GPU"
                   if r["kind"] == "weak"
                   else f"strong {r['nx']}x{r['ny']}x{r['nz']}")
        lines.append(
            f"| {problem} | {r['ranks']} | {MODES[r['mode']]} | "
            f"{r['ms_per_step']:.3f} | {fmt(r['efficiency'], True)} | "
            f"{fmt('' if r['mode'].startswith('none') else r['halo_ms_per_step'])} | "
            f"{fmt(r['halo_share'], True)} | {fmt(r['exposed_ms'])} |")
    return "\n".join(lines)


def chart(rows, path, gpu):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    kinds = [k for k in ("weak", "strong") if any(r["kind"] == k
                                                  for r in rows)]
    fig, axes = plt.subplots(1, len(kinds), figsize=(5 * len(kinds), 4),
                             squeeze=False)
    for ax, kind in zip(axes[0], kinds):
        for mode in ("host", "overlap", "peer", "peer-overlap"):
            pts = sorted((r["ranks"], 100 * r["efficiency"]) for r in rows
                         if r["kind"] == kind and r["mode"] == mode
                         and r["efficiency"] != "")
            if pts:
                ax.plot([p for p, _ in pts], [e for _, e in pts], "o-",
                        label=MODES[mode])
        ax.set_xticks(sorted({r["ranks"] for r in rows}))
        ax.axhline(90, color="gray", linestyle="--", linewidth=0.8,
                   label="90%")
        ax.set_title(f"heat7 {kind} scaling ({gpu})", fontsize="small")
        ax.set_xlabel("ranks (GPUs)")
        ax.set_ylabel("efficiency vs one GPU (%)")
        ax.set_ylim(0, 110)
        ax.legend(fontsize="small")
    fig.tight_layout()
    fig.savefig(path, dpi=120)


def main(argv):
    if len(argv) != 9:
        sys.exit("usage: mpi-report.py RAW BASE GPU DRIVER COMMIT STAMP MPI "
                 "STEPS")
    raw, base, gpu, driver, commit, stamp, mpi, steps = argv[1:]
    rows = parse(raw)
    if not rows:
        sys.exit("mpi-report.py: no RESULT lines in " + raw)
    order = {"weak": 0, "strong": 1, "none": 0, "none-split": 1, "host": 2,
             "overlap": 3, "device": 4, "device-overlap": 5, "peer": 6,
             "peer-overlap": 7}
    rows.sort(key=lambda r: (order[r["kind"]], r["ranks"], order[r["mode"]]))
    derive(rows)
    for r in rows:
        for k in ("efficiency", "halo_share", "exposed_ms"):
            if r[k] != "":
                r[k] = round(r[k], 4)
    with open(base + ".csv", "w", newline="") as f:
        w = csv.DictWriter(f, COLUMNS)
        w.writeheader()
        w.writerows(rows)
    text = table(rows)
    head = (f"# heat3d-mpi scaling: {gpu}\n\n"
            f"{stamp}, driver {driver}, commit {commit or 'unknown'}, "
            f"{mpi} (not CUDA-aware).  heat7 (FP64, "
            f"7-point) through `examples/heat3d-mpi.c` at "
            f"`-fplugin-arg-mint-opt=3`, z-slabs, one rank per GPU; "
            f"`heat3d-mpi -t {steps}`: ms per step of the median block "
            f"(each block timed on its slowest rank).\n\n"
            "Modes: compute only (`-x`, no exchange: the baseline of "
            "\"exposed\"; \"split\": with `-o`'s three kernels); exchange "
            "after the step (`update` toHost of the "
            "planes to send, `MPI_Sendrecv`, `update` toDevice of the ghost "
            "planes); exchange overlapped (`-o`: the two boundary planes "
            "first, the interior `nowait` while the planes move); peer "
            "copies (`-p`: each rank copies the neighbours' boundary planes "
            "from their device copies into its ghost planes, CUDA IPC "
            "through `mint_share`, `mint_peer_pair` and `mint_peer_get`, "
            "an MPI message each way before and after), after the step or "
            "overlapped.  "
            "Efficiency: against the fastest one-rank time of the same "
            "problem, weak t1/tP, strong t1/(P tP).\n\n")
    body = head + text + "\n"
    try:
        chart(rows, base + ".png", gpu)
        body += f"\n![efficiency]({base.rsplit('/', 1)[-1]}.png)\n"
    except Exception as e:          # no matplotlib there: plot it later
        body += f"\n(no chart: {e})\n"
    with open(base + ".md", "w") as f:
        f.write(body)
    print(text)


if __name__ == "__main__":
    main(sys.argv)
