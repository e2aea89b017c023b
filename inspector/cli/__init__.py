"""The command line: argparse, errors and exit codes, one module per command.

`inspector.cli.main` builds the parser from the standard library only; each command's
module is imported when it runs, so `inspector --help` stays fast.
"""

from inspector.cli.main import EXIT_BAD_INPUT, EXIT_FAILED, EXIT_OK, CliError, main

__all__ = ["EXIT_BAD_INPUT", "EXIT_FAILED", "EXIT_OK", "CliError", "main"]
