"""The type hints hold: mypy (strict, python/pyproject.toml's settings) passes on the package, on the examples and
on python/README.md's Python blocks, each block the body of a function beside the names the README leaves to the
reader. Debian's `mypy` package runs it; without it this is skipped, unless RAMPART_TOOLS_REQUIRED=1 (CI)."""

import os
import re
import tempfile
from pathlib import Path

import pytest

PYTHON = Path(__file__).resolve().parents[1]

PRELUDE = '''
import rampart
from rampart.types import Account

client: rampart.Client
account: Account
'''


def readme_module() -> str:
    """The README's Python blocks as functions, their imports gathered at the top."""
    blocks = re.findall(r"^```python\n(.*?)^```$", (PYTHON / "README.md").read_text(), re.M | re.S)
    assert len(blocks) >= 6
    imports: list[str] = []
    bodies: list[str] = []
    for i, block in enumerate(blocks):
        lines = block.splitlines()
        imports += [line for line in lines if line.startswith(("import ", "from "))]
        body = [f"    {line}" if line else "" for line in lines if not line.startswith(("import ", "from "))]
        bodies.append(f"def block{i}() -> None:\n" + "\n".join(body) + "\n")
    return "\n".join(dict.fromkeys(imports)) + "\n" + PRELUDE + "\n\n" + "\n\n".join(bodies)


def test_mypy_strict_passes_on_the_package_the_examples_and_the_readme() -> None:
    try:
        from mypy import api
    except ImportError:
        if os.environ.get("RAMPART_TOOLS_REQUIRED") == "1":
            pytest.fail("mypy is not installed (apt-get install mypy)")
        pytest.skip("mypy is not installed (apt-get install mypy)")
    with tempfile.TemporaryDirectory() as scratch:
        readme = Path(scratch) / "readme_blocks.py"
        readme.write_text(readme_module())
        out, err, status = api.run(
            [
                "--config-file", str(PYTHON / "pyproject.toml"),
                "--cache-dir", str(Path(scratch) / "cache"),
                "--no-error-summary",
                str(PYTHON / "rampart"),
                str(PYTHON / "examples"),
                str(readme),
            ]
        )
    assert status == 0, out + err
