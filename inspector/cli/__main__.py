"""`python -m inspector.cli`: the same entry point as the `inspector` script."""

import sys

from inspector.cli.main import main

sys.exit(main())
