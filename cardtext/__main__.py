"""``python -m cardtext``: the same as the ``cardtext`` command."""

from cardtext.cli import main

raise SystemExit(main())
