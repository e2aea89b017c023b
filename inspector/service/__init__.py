"""The use cases: the only layer the CLI, the TUI and the runtime call.

One module per use case:

- `pipeline`: plan, preview and compact a session (the exact re-plan once summaries
  exist), summary generation and cost, `summarizer_label`, `context_total`;
- `opening`: open a source (one session, every session of a file, database or
  directory) and import it into the workspace (`import_source`);
- `versions`: `compact_and_save`, a compaction stored as the session's next version
  (numbered in one write transaction);
- `export`: compact as apply would and write an export, keeping what its hints name
  in the workspace; `compact_many` for `export --all`;
- `recover`: the offload stores `recover` reads (memory, workspace, a SQLite file);
- `config`: config files, presets and `--set` overrides;
- `replay`: a session's whole life under a policy, sweeps of a knob and fleets of
  sessions on a process pool.
- `store`: THE store interface (`SessionStore`, its `VersionStore` and `ExportStore`
  roles), the workspace and memory stores, `open_workspace`;
- `catalog`: the export formats front ends offer (light: the CLI's parser reads it);
- `tuning`: `Tuning`, a session's config being tuned with its plan and fidelity;
- `afterplan`: what the model sees of one message after a plan.
"""
