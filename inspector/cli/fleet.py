"""`inspector sweep`'s fleet side: the engine it runs on, a sample's estimates, progress
and resuming, through `inspector.service.fleet`."""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence
from typing import Any

from inspector.cli.main import CliError
from inspector.engine.wording import usd
from inspector.formats.terminal import terminal_json, visible

# (column, estimated figure, how a value prints)
_ESTIMATE_COLUMNS = (
    ("compactions", "compactions", lambda v: f"{v:,.0f}"),
    ("billed input", "billed_input_tokens", lambda v: f"{v:,.0f}"),
    ("cached", "cached_input_tokens", lambda v: f"{v:,.0f}"),
    ("cost", "cost_usd", usd),
    ("unmanaged", "unmanaged_cost_usd", usd),
    ("overflow", "overflowing", lambda v: f"{v:,.0f}"),
    ("thrashing", "thrashing", lambda v: f"{v:,.0f}"),  # sessions compacted on most calls
    ("lost", "lost_items", lambda v: f"{v:,.0f}"),  # fidelity items lost at the last call
)


def format_estimates(fleet: Any) -> str:
    """The fleet's estimated totals per value, each with its 95% interval's half-width
    beside it, under a line saying how the sample was drawn and how it is read."""
    from inspector.cli.replay import _table
    from inspector.service.sampling import Z95

    design = fleet.design
    rows: list[tuple[str, ...]] = [("value", *(c for c, _, _ in _ESTIMATE_COLUMNS))]
    for row, est in zip(fleet.result.rows, fleet.estimates):
        cells = [str(row.value)]
        for _, key, show in _ESTIMATE_COLUMNS:
            e = est[key]
            cells.append("n/a" if e is None else f"{show(e.value)} ± {show(e.half_width)}")
        rows.append(tuple(cells))
    return (f"{design.describe()}\n"
            f"estimated totals of all {design.population:,} sessions, ± the half-width of a 95% confidence "
            f"interval (expansion estimator of the total{', per stratum' if len(design.strata) > 1 else ''}; "
            f"normal approximation, z = {Z95:.2f}, finite-population correction):\n" + _table(rows))


class _Progress:
    """Progress on stderr: a line rewritten in place on a terminal; with --json, one
    event a line (at most one a second, and always the first and the last)."""

    def __init__(self, as_json: bool) -> None:
        self.as_json = as_json
        self.tty = sys.stderr.isatty()
        self.last = 0.0

    def __call__(self, p: Any) -> None:
        now = time.monotonic()
        final = p.done >= p.total
        if not final and self.last and now - self.last < 1.0:
            return
        self.last = now
        if self.as_json:
            sys.stderr.write(terminal_json(p.to_event()) + "\n")
        elif self.tty:
            sys.stderr.write(f"\r{p.line()}\x1b[K" + ("\n" if final else ""))
        else:
            return
        sys.stderr.flush()


def _engine(args: Any) -> Any:
    from inspector.service.engines import EngineError, pool_engine, ray_engine

    if args.engine != "ray" and args.address:
        raise CliError("--address is for --engine ray")
    try:
        return ray_engine(args.address, args.workers) if args.engine == "ray" else pool_engine(args.workers)
    except EngineError as exc:
        raise CliError(str(exc)) from None


def run_fleet_sweep(args: Any, config: Any, values: Sequence[Any], ids: Sequence[str]) -> int:
    """Sweep `ids` of args.source on the engine the arguments pick; print the result."""
    from inspector.cli.replay import format_sweep
    from inspector.engine.config import ConfigError
    from inspector.service.fleet import SampleSpec, fleet_sweep
    from inspector.service.pipeline import PipelineError

    if args.sample is not None and args.sample < 1:
        raise CliError("--sample: give at least 1 session")
    if args.sample is None and (args.seed or args.sample_design != "stratified"):
        raise CliError("--seed and --sample-design go with --sample N")
    sample = None if args.sample is None else SampleSpec(args.sample, args.seed, args.sample_design)
    workspace = None
    if args.resume:
        from inspector.service.store import WorkspaceError, open_workspace

        try:
            workspace = open_workspace(args.workspace)
        except WorkspaceError as exc:
            raise CliError(str(exc)) from None
    engine = _engine(args)
    try:
        fleet = fleet_sweep(args.source, config, args.knob, values, engine=engine, model=args.model, ids=ids,
                            sample=sample, resume=workspace, progress=_Progress(args.json))
    except (ConfigError, PipelineError) as exc:
        raise CliError(str(exc)) from None
    except KeyboardInterrupt:
        if workspace is not None:
            sys.stderr.write(f"\nresults so far are kept in {visible(str(workspace.path))}: the same command resumes\n")
        raise
    finally:
        engine.close()
        if workspace is not None:
            workspace.close()
    if args.json:
        sys.stdout.write(terminal_json(fleet.to_dict()) + "\n")
    else:
        sys.stdout.write(format_sweep(fleet.result))
        if fleet.design is not None:
            sys.stdout.write(format_estimates(fleet))
    return 0
